//! A real OpenSSH server for tests of SSH remotes: Debian's `sshd` run by
//! the test itself (`sshd -D -e -f CONFIG`) on 127.0.0.1 at a free port,
//! with its own host key and one authorized client key, as the current
//! user, no PAM. Git reaches bare repositories under its directory over it
//! (`ssh://USER@127.0.0.1:PORT/PATH` or `[USER@127.0.0.1:PORT]:PATH`).
//! The key's forced command runs what git asked for, unless the test made
//! the server refuse fetches ([`Sshd::refuse_fetches`]: `git-upload-pack`
//! fails, `git-receive-pack` still works).

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The server binary Debian's `openssh-server` installs.
pub const SSHD: &str = "/usr/sbin/sshd";

/// A running sshd; dropping it stops the server.
#[derive(Debug)]
pub struct Sshd {
    child: Child,
    dir: std::path::PathBuf,
    port: u16,
    user: String,
    host_key: String,
    client_key: String,
}

fn keygen(path: &Path) -> std::io::Result<()> {
    let out = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", "compass-test", "-f"])
        .arg(path)
        .output()?;
    if out.status.success() {
        Ok(())
    } else {
        Err(std::io::Error::other(
            String::from_utf8_lossy(&out.stderr).into_owned(),
        ))
    }
}

fn free_port() -> std::io::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

impl Sshd {
    /// Whether this machine can run the server.
    pub fn available() -> bool {
        Path::new(SSHD).is_file() && Path::new("/usr/bin/ssh").is_file()
    }

    /// Start a server whose files live in `dir` (created).
    pub fn start(dir: &Path) -> std::io::Result<Self> {
        fs_err::create_dir_all(dir)?;
        let host = dir.join("host_key");
        let client = dir.join("client_key");
        keygen(&host)?;
        keygen(&client)?;
        let gate = dir.join("gate.sh");
        fs_err::write(
            &gate,
            format!(
                "#!/bin/sh\ncase \"$SSH_ORIGINAL_COMMAND\" in\n  git-upload-pack*) if [ -e '{}' ]; then echo 'fetches are refused here (test fault)' >&2; exit 1; fi ;;\nesac\nexec /bin/sh -c \"$SSH_ORIGINAL_COMMAND\"\n",
                dir.join("refuse-fetch").display()
            ),
        )?;
        {
            use std::os::unix::fs::PermissionsExt;
            fs_err::set_permissions(&gate, std::fs::Permissions::from_mode(0o755))?;
        }
        let authorized = dir.join("authorized_keys");
        let public = fs_err::read_to_string(dir.join("client_key.pub"))?;
        fs_err::write(
            &authorized,
            format!("command=\"{}\",no-pty {public}", gate.display()),
        )?;
        let user = String::from_utf8_lossy(&Command::new("id").arg("-un").output()?.stdout)
            .trim()
            .to_owned();
        // As root, sshd insists on its privilege-separation directory.
        if is_root() {
            fs_err::create_dir_all("/run/sshd")?;
        }
        let port = free_port()?;
        let config = dir.join("sshd_config");
        fs_err::write(
            &config,
            format!(
                "Port {port}\nListenAddress 127.0.0.1\nHostKey {}\nAuthorizedKeysFile {}\nUsePAM no\nStrictModes no\nPidFile none\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\nAllowTcpForwarding no\nX11Forwarding no\nLogLevel VERBOSE\n",
                host.display(),
                authorized.display()
            ),
        )?;
        let log = std::fs::File::create(dir.join("sshd.log"))?;
        let child = Command::new(SSHD)
            .args(["-D", "-e", "-f"])
            .arg(&config)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(log))
            .spawn()?;
        let server = Self {
            child,
            dir: dir.to_owned(),
            port,
            user,
            host_key: fs_err::read_to_string(dir.join("host_key.pub"))?,
            client_key: fs_err::read_to_string(&client)?,
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline {
                return Err(std::io::Error::other(format!(
                    "sshd did not listen on {port}: {}",
                    fs_err::read_to_string(dir.join("sshd.log")).unwrap_or_default()
                )));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(server)
    }

    /// Make `git-upload-pack` (fetch, ls-remote) fail from now on, or
    /// work again; pushes are served either way.
    pub fn refuse_fetches(&self, refuse: bool) -> std::io::Result<()> {
        let flag = self.dir.join("refuse-fetch");
        if refuse {
            fs_err::write(flag, "")
        } else {
            match fs_err::remove_file(flag) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            }
        }
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// `ssh://USER@127.0.0.1:PORT/PATH`.
    pub fn url(&self, path: &Path) -> String {
        format!(
            "ssh://{}@127.0.0.1:{}{}",
            self.user,
            self.port,
            path.display()
        )
    }

    /// The scp-style form with a port: `[USER@127.0.0.1:PORT]:PATH`.
    pub fn scp_url(&self, path: &Path) -> String {
        format!("[{}@127.0.0.1:{}]:{}", self.user, self.port, path.display())
    }

    /// The binding origin: `ssh://127.0.0.1:PORT`.
    pub fn origin(&self) -> String {
        format!("ssh://127.0.0.1:{}", self.port)
    }

    /// A known_hosts line pinning this server's host key.
    pub fn known_hosts(&self) -> String {
        let key: Vec<&str> = self.host_key.split_whitespace().take(2).collect();
        format!("[127.0.0.1]:{} {}\n", self.port, key.join(" "))
    }

    /// The authorized client's private key (what the user binds).
    pub fn client_key(&self) -> &str {
        &self.client_key
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

impl Drop for Sshd {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
