//! Gap-free resubscribe over the real socket: drop the stream mid-burst,
//! reconnect with the last seq seen, and get every later event exactly once.

use super::TestDaemon;
use compass_proto::v1 as pb;
use compass_proto::v1::compass_service_client::CompassServiceClient;
use futures::StreamExt;
use hyper_util::rt::TokioIo;
use tonic::transport::{Endpoint, Uri};

async fn client(socket: std::path::PathBuf) -> CompassServiceClient<tonic::transport::Channel> {
    let channel = Endpoint::try_from("http://compass.invalid")
        .unwrap()
        .connect_with_connector(tower::service_fn(move |_: Uri| {
            let path = socket.clone();
            async move {
                tokio::net::UnixStream::connect(path)
                    .await
                    .map(TokioIo::new)
            }
        }))
        .await
        .unwrap();
    CompassServiceClient::new(channel)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resubscribing_from_the_last_seq_misses_nothing_and_repeats_nothing() {
    let d = TestDaemon::start();
    let socket = d.socket();
    let start = d.last_seq();
    const TOTAL: u64 = 3000;

    // A burst of appends from several writers, running while we read.
    let writer = {
        let socket = socket.clone();
        tokio::spawn(async move {
            let mut tasks = Vec::new();
            for w in 0..4 {
                let mut c = client(socket.clone()).await;
                tasks.push(tokio::spawn(async move {
                    for i in 0..TOTAL / 4 {
                        c.append_marker(pb::AppendMarkerRequest {
                            label: "burst".into(),
                            payload: format!("{w}-{i}"),
                        })
                        .await
                        .unwrap();
                    }
                }));
            }
            for t in tasks {
                t.await.unwrap();
            }
        })
    };

    let mut seen = Vec::new();
    let mut c = client(socket.clone()).await;
    // Drop the stream three times at arbitrary points mid-burst.
    for cut in [137u64, 811, 1905] {
        let mut stream = c
            .subscribe(pb::SubscribeRequest {
                after_seq: seen.last().copied().unwrap_or(start),
            })
            .await
            .unwrap()
            .into_inner();
        while (seen.len() as u64) < cut {
            let event = stream.next().await.unwrap().unwrap();
            seen.push(event.seq);
        }
        drop(stream);
    }
    let mut stream = c
        .subscribe(pb::SubscribeRequest {
            after_seq: *seen.last().unwrap(),
        })
        .await
        .unwrap()
        .into_inner();
    while (seen.len() as u64) < TOTAL {
        seen.push(stream.next().await.unwrap().unwrap().seq);
    }
    writer.await.unwrap();

    let expected: Vec<u64> = (start + 1..=start + TOTAL).collect();
    assert_eq!(
        seen, expected,
        "events were missed, repeated or reordered across resubscribes"
    );
    let payloads: std::collections::BTreeSet<String> = {
        let page = c
            .list_events(pb::ListEventsRequest {
                after_seq: start,
                limit: 1000,
                kinds: vec!["marker".into()],
            })
            .await
            .unwrap()
            .into_inner();
        page.events
            .into_iter()
            .filter_map(|e| match e.kind {
                Some(pb::event::Kind::Marker(m)) => Some(m.payload),
                _ => None,
            })
            .collect()
    };
    assert_eq!(
        payloads.len(),
        1000,
        "every listed event should be a distinct marker"
    );
}
