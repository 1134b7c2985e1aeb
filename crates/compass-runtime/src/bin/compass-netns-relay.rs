//! The egress forwarder binary, bind-mounted into allowlisted sandboxes.
//! All logic lives in `compass_runtime::relay`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rest = match args.get(1).map(String::as_str) {
        Some(compass_runtime::relay::FLAG) => &args[2..],
        _ => &args[1..],
    };
    std::process::exit(compass_runtime::relay::run(rest));
}
