//! The accept loop of the small servers that run inside a workload (the
//! HTTP hook endpoint, the egress forwarder's listeners): std only, like
//! the rest of this crate. An accept error (`EMFILE` while a tool holds
//! every descriptor of the workload) neither ends the loop, which would
//! leave the agent's hooks failing closed until a restart, nor spins it:
//! it rests ([`FIRST_REST`], doubling to [`LONGEST_REST`]) and accepts
//! again, as the host side's `compass-listen` does.

use std::io;
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

/// The first rest after an accept error.
pub const FIRST_REST: Duration = Duration::from_millis(5);
/// The longest rest between two accepts while errors last.
pub const LONGEST_REST: Duration = Duration::from_millis(200);

/// Every connection `listener` accepts, for as long as it is iterated.
pub fn connections(listener: &TcpListener) -> impl Iterator<Item = TcpStream> + '_ {
    Resting::new(
        move || listener.accept().map(|(conn, _)| conn),
        std::thread::sleep,
    )
}

/// What `accept` yields, resting through its errors (see the module).
struct Resting<A, S> {
    accept: A,
    sleep: S,
    errors: u32,
}

impl<T, A, S> Resting<A, S>
where
    A: FnMut() -> io::Result<T>,
    S: FnMut(Duration),
{
    fn new(accept: A, sleep: S) -> Self {
        Self {
            accept,
            sleep,
            errors: 0,
        }
    }
}

impl<T, A, S> Iterator for Resting<A, S>
where
    A: FnMut() -> io::Result<T>,
    S: FnMut(Duration),
{
    type Item = T;

    fn next(&mut self) -> Option<T> {
        loop {
            match (self.accept)() {
                Ok(conn) => {
                    self.errors = 0;
                    return Some(conn);
                }
                Err(_) => {
                    let rest = FIRST_REST
                        .saturating_mul(1 << self.errors.min(8))
                        .min(LONGEST_REST);
                    self.errors = self.errors.saturating_add(1);
                    (self.sleep)(rest);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    #[test]
    fn errors_are_rested_through_doubling_and_a_success_starts_over() {
        // Six failures, a connection, two failures, a connection.
        let script = RefCell::new(vec![
            false, false, false, false, false, false, true, false, false, true,
        ]);
        let rests = RefCell::new(Vec::new());
        let accept = || {
            let ok = script.borrow_mut().remove(0);
            if ok {
                Ok("conn")
            } else {
                Err(io::Error::from_raw_os_error(24)) // EMFILE
            }
        };
        let mut conns = Resting::new(accept, |d| rests.borrow_mut().push(d));
        assert_eq!(conns.next(), Some("conn"));
        assert_eq!(conns.next(), Some("conn"));
        let ms: Vec<u128> = rests.borrow().iter().map(Duration::as_millis).collect();
        assert_eq!(ms, [5, 10, 20, 40, 80, 160, 5, 10]);
        assert!(rests.borrow().iter().all(|d| *d <= LONGEST_REST));
    }

    #[test]
    fn a_lasting_error_rests_at_the_longest_rest() {
        let mut calls = 0;
        let mut total = Duration::ZERO;
        let mut conns = Resting::new(
            || {
                calls += 1;
                if calls > 40 {
                    Ok(())
                } else {
                    Err(io::Error::from_raw_os_error(24))
                }
            },
            |d| total += d,
        );
        assert_eq!(conns.next(), Some(()));
        // 5+10+…+160 = 315 ms, then 34 rests of 200 ms.
        assert_eq!(total, Duration::from_millis(315 + 34 * 200));
    }
}
