//! The detection-quality targets on the committed corpus, train and held-out.

use compass_warden::eval::eval_dir;
use std::path::Path;

#[tokio::test(flavor = "current_thread")]
#[allow(clippy::print_stderr)]
async fn corpus_meets_targets_on_train_and_heldout() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let report = eval_dir(&dir).await.unwrap();
    eprintln!("{report}");
    for s in &report.splits {
        for m in s.misses.iter().take(40) {
            eprintln!("miss [{}] {m}", s.name);
        }
        for m in s.false_flags.iter().take(40) {
            eprintln!("false flag [{}] {m}", s.name);
        }
    }
    for name in ["train", "heldout"] {
        let s = report.split(name).unwrap();
        assert!(s.attacks > 50 && s.benign > 100, "{name} split too small");
        assert!(s.tpr() >= 0.90, "{name}: TPR {:.3} below 0.90", s.tpr());
        assert!(
            s.fpr() <= 0.02,
            "{name}: false-flag rate {:.3} above 0.02",
            s.fpr()
        );
    }
}

/// The out-of-family split (issue 14.5): hand-written coding-agent material
/// and real text from this machine, written before any rule change. `test`
/// is never tuned on; `dev` is. Figures are reported (README), and the
/// report keeps flagged and cautioned apart per kind and per origin.
#[tokio::test(flavor = "current_thread")]
#[allow(clippy::print_stderr)]
async fn out_of_family_split_is_reported_per_kind_and_origin() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/ood");
    let report = eval_dir(&dir).await.unwrap();
    eprintln!("{report}");
    let test = report.split("test").unwrap();
    let dev = report.split("dev").unwrap();
    for s in [test, dev] {
        assert_eq!(s.rows.len(), s.attacks + s.benign);
        let (i, o) = (s.kind("input"), s.kind("output"));
        assert_eq!(i.attacks + o.attacks, s.attacks);
        assert_eq!(i.benign_flagged + o.benign_flagged, s.benign_flagged);
        assert!(
            i.attacks >= 15 && o.attacks >= 15,
            "{}: too few attacks",
            s.name
        );
        let origins = s.by_origin();
        assert!(origins.iter().any(|(o, _)| o.starts_with("ood:real:")));
        assert_eq!(
            origins
                .iter()
                .map(|(_, t)| t.attacks + t.benign)
                .sum::<usize>(),
            s.rows.len()
        );
    }
    // Every row names its decision and, when not clear, what decided it.
    for r in report.rows() {
        assert!(matches!(r.decision, "clear" | "caution" | "flag"));
        if r.decision != "clear" {
            assert!(!r.detectors.is_empty(), "{r:?}");
        }
    }
}
