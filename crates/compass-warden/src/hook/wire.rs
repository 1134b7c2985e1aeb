//! The hook wire protocol (`compass_hook::wire`: one request frame, one
//! response frame per connection), plus the async frame I/O the daemon's
//! side of the socket uses. The types live with the client so the small
//! `compass-hook` binary links no async runtime.

pub use compass_hook::wire::*;
use serde::Serialize;

/// Async read of one frame body.
pub async fn read_frame<R: tokio::io::AsyncRead + Unpin>(r: &mut R) -> Result<Vec<u8>, WireError> {
    use tokio::io::AsyncReadExt;
    let mut len = [0u8; 4];
    r.read_exact(&mut len).await?;
    let n = u32::from_be_bytes(len) as usize;
    if n > MAX_FRAME {
        return Err(WireError::TooLarge(n));
    }
    let mut body = vec![0u8; n];
    r.read_exact(&mut body).await?;
    Ok(body)
}

/// Async write of one frame.
pub async fn write_frame<W: tokio::io::AsyncWrite + Unpin, T: Serialize>(
    w: &mut W,
    msg: &T,
) -> Result<(), WireError> {
    use tokio::io::AsyncWriteExt;
    w.write_all(&encode(msg)?).await?;
    w.flush().await?;
    Ok(())
}
