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
