//! A multi-pattern automaton whose lazy-DFA caches every thread shares.
//!
//! A lazy DFA builds its states while it searches, and a new kind of text
//! (a `--help` page, a changelog) costs milliseconds of state building the
//! first time. `regex-automata` keeps a cache per searching thread: the
//! states Warden's warm-up built on the thread that started it were lost
//! to the daemon's worker threads, which decide. Here every search borrows
//! a cache from one shared pool, so the states any search built (the
//! warm-up's included) serve every later search, whatever its thread.

use regex_automata::hybrid::dfa::{Cache as DfaCache, DFA};
use regex_automata::meta::{Cache, Regex};
use std::sync::{Mutex, OnceLock};

/// A compiled automaton and its pool of caches.
#[derive(Debug)]
pub struct Automaton {
    regex: Regex,
    caches: CachePool<Cache>,
}

/// Caches not in use, ordered by the states they hold, the warmest last.
/// Decisions rarely overlap, so this holds one cache, warm, most of the
/// time; a search finding it empty starts a cold one that joins the pool
/// afterwards.
#[derive(Debug)]
struct CachePool<C> {
    caches: Mutex<Vec<C>>,
    /// Most caches kept: past it the coldest is dropped, so a peak of
    /// searches at once does not pin a cache each for good.
    cap: usize,
}

impl<C> CachePool<C> {
    fn new(cap: usize) -> Self {
        Self {
            caches: Mutex::new(Vec::new()),
            cap: cap.max(1),
        }
    }

    /// Run `search` with the warmest pooled cache (a new one from `create`
    /// when none is free), then put it back in its place by `warmth` (the
    /// states it holds, in bytes).
    fn with<R>(
        &self,
        create: impl FnOnce() -> C,
        warmth: impl Fn(&C) -> usize,
        search: impl FnOnce(&mut C) -> R,
    ) -> R {
        let taken = self
            .caches
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop();
        let mut cache = taken.unwrap_or_else(create);
        let out = search(&mut cache);
        // Measured before the lock: a cache in the pool does not change.
        let warm = warmth(&cache);
        let mut caches = self
            .caches
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let at = caches.partition_point(|c| warmth(c) <= warm);
        caches.insert(at, cache);
        if caches.len() > self.cap {
            caches.remove(0);
        }
        out
    }
}

/// The pool's cap: as many caches as searches can truly run at once.
fn default_cap() -> usize {
    static CAP: OnceLock<usize> = OnceLock::new();
    *CAP.get_or_init(|| std::thread::available_parallelism().map_or(4, |n| n.get()))
}

impl Automaton {
    pub fn new(regex: Regex) -> Self {
        Self::with_cap(regex, default_cap())
    }

    fn with_cap(regex: Regex, cap: usize) -> Self {
        Self {
            regex,
            caches: CachePool::new(cap),
        }
    }

    pub fn regex(&self) -> &Regex {
        &self.regex
    }

    /// Run `search` with a cache from the pool: the warmest there is.
    pub fn with_cache<R>(&self, search: impl FnOnce(&Regex, &mut Cache) -> R) -> R {
        self.caches.with(
            || self.regex.create_cache(),
            Cache::memory_usage,
            |cache| search(&self.regex, cache),
        )
    }

    /// The states each pooled cache holds (bytes), coldest first.
    #[cfg(test)]
    fn pooled(&self) -> Vec<usize> {
        let caches = self.caches.caches.lock().unwrap();
        caches.iter().map(Cache::memory_usage).collect()
    }
}

/// A lazy DFA walked by hand (anchored searches at chosen positions), with
/// its caches pooled like [`Automaton`]'s.
#[derive(Debug)]
pub struct LazyDfa {
    dfa: DFA,
    caches: CachePool<DfaCache>,
}

impl LazyDfa {
    pub fn new(dfa: DFA) -> Self {
        Self {
            dfa,
            caches: CachePool::new(default_cap()),
        }
    }

    /// Run `search` with a cache from the pool: the warmest there is.
    pub fn with_cache<R>(&self, search: impl FnOnce(&DFA, &mut DfaCache) -> R) -> R {
        self.caches.with(
            || self.dfa.create_cache(),
            DfaCache::memory_usage,
            |cache| search(&self.dfa, cache),
        )
    }
}

impl Clone for Automaton {
    /// A clone starts with no caches (a cache belongs to one automaton).
    fn clone(&self) -> Self {
        Self::new(self.regex.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use regex_automata::Input;
    use std::sync::Barrier;

    fn automaton_warmed() -> (Automaton, usize) {
        let automaton = Automaton::new(Regex::new(r"\bsend\w*\b").unwrap());
        let built = automaton.with_cache(|regex, cache| {
            assert!(regex.is_match_with(cache, &Input::new("please send the logs")));
            cache.memory_usage()
        });
        (automaton, built)
    }

    #[test]
    fn the_states_one_thread_built_serve_the_next_search_on_another() {
        let (automaton, built) = automaton_warmed();
        let seen = std::thread::scope(|s| {
            s.spawn(|| automaton.with_cache(|_, cache| cache.memory_usage()))
                .join()
                .unwrap()
        });
        assert_eq!(seen, built, "the other thread got a cold cache");
    }

    #[test]
    fn after_two_searches_at_once_the_warmer_cache_is_handed_out_next() {
        let (automaton, built) = automaton_warmed();
        let (taken, both_hold, cold_back) = (Barrier::new(2), Barrier::new(2), Barrier::new(2));
        std::thread::scope(|s| {
            // The warm cache goes back to the pool first, the cold one last.
            s.spawn(|| {
                automaton.with_cache(|_, _| {
                    taken.wait();
                    both_hold.wait();
                });
                cold_back.wait();
            });
            s.spawn(|| {
                taken.wait();
                automaton.with_cache(|regex, cache| {
                    assert!(cache.memory_usage() < built, "a second cache starts cold");
                    let _ = regex.is_match_with(cache, &Input::new("x"));
                    both_hold.wait();
                    cold_back.wait();
                });
            });
        });
        let next = automaton.with_cache(|_, cache| cache.memory_usage());
        assert_eq!(next, built);
    }

    #[test]
    fn a_peak_of_searches_leaves_at_most_the_cap_the_warmest_last() {
        let automaton = Automaton::with_cap(Regex::new(r"\bsend\w*\b").unwrap(), 2);
        let texts = ["x", "please send the logs", "sending, sent, sender, sends"];
        let all_hold = Barrier::new(texts.len());
        std::thread::scope(|s| {
            for text in texts {
                let (automaton, all_hold) = (&automaton, &all_hold);
                s.spawn(move || {
                    automaton.with_cache(|regex, cache| {
                        let _ = regex.is_match_with(cache, &Input::new(text));
                        all_hold.wait();
                    })
                });
            }
        });
        let pooled = automaton.pooled();
        assert_eq!(pooled.len(), 2, "the pool grew past its cap: {pooled:?}");
        assert!(pooled[0] <= pooled[1], "not the warmest last: {pooled:?}");
        let warmest = automaton.with_cache(|regex, cache| {
            let _ = regex.is_match_with(cache, &Input::new("x"));
            cache.memory_usage()
        });
        assert_eq!(warmest, pooled[1]);
    }
}
