//! The Bridge's static files: the web bundle built from `web/` and committed
//! in `web/dist`, embedded in the binary so `cargo build` alone serves the
//! real board. Every response carries a strict Content-Security-Policy; the
//! files hold no data (the page reaches data only through the token-guarded
//! gRPC-Web routes), so they are served without the token.

use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::RustEmbed)]
#[folder = "../../web/dist"]
struct Dist;

/// Scripts, styles and connections from this origin only; no inline script,
/// no framing. The page's own bundle is the only code that runs.
pub(crate) const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; \
form-action 'none'";

/// The content types of what the bundle ships; anything else is not served.
fn content_type(path: &str) -> Option<&'static str> {
    let ext = path.rsplit_once('.')?.1;
    Some(match ext {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        _ => return None,
    })
}

/// Serve `uri`'s file from the bundle (`/` is `index.html`).
pub(crate) async fn asset(uri: Uri) -> Response {
    let path = match uri.path().trim_start_matches('/') {
        "" => "index.html",
        p => p,
    };
    let (Some(file), Some(kind)) = (Dist::get(path), content_type(path)) else {
        return with_headers(
            (StatusCode::NOT_FOUND, "not found").into_response(),
            "text/plain; charset=utf-8",
        );
    };
    with_headers(file.data.into_owned().into_response(), kind)
}

fn with_headers(mut response: Response, kind: &'static str) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // The first load's URL carries the token: never send it on.
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

#[cfg(test)]
mod tests {
    use super::content_type;

    #[test]
    fn only_known_types_are_served() {
        assert_eq!(content_type("index.html"), Some("text/html; charset=utf-8"));
        assert_eq!(
            content_type("app.js"),
            Some("text/javascript; charset=utf-8")
        );
        assert_eq!(content_type("app.js.map"), None);
        assert_eq!(content_type("README"), None);
    }
}
