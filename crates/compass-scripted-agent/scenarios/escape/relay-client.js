// A hostile client of the push relay's socket (/run/compass/git.sock),
// speaking to it directly instead of through git-remote-compass. Run as
// `node relay-client.js <attack> [extra]`; prints what the relay answered,
// and "ESC" + "APED:<what>" when a step that must fail succeeded.
// Attacks: names, garbage, endless, stall, forge, credential.
'use strict';
const net = require('net');
const fs = require('fs');
const SOCK = process.env.COMPASS_GIT_SOCKET || '/run/compass/git.sock';
const [attack, extra] = process.argv.slice(2);
const escaped = (what) => console.log('ESC' + 'APED:' + what);
const shown = (b) => JSON.stringify(b.toString('latin1').slice(0, 300));

// Connect, send `first`, collect everything until the relay closes (or
// `limitMs`); resolves { data, closed, ms }.
function exchange(path, first, limitMs, onData) {
  return new Promise((resolve) => {
    const started = Date.now();
    let data = Buffer.alloc(0);
    let done = false;
    const s = net.createConnection(path);
    const finish = (closed) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      s.destroy();
      resolve({ data, closed, ms: Date.now() - started });
    };
    const timer = setTimeout(() => finish(false), limitMs);
    s.on('connect', () => { if (first !== null) s.write(first); });
    s.on('data', (d) => { data = Buffer.concat([data, d]); if (onData) onData(s, data); });
    s.on('error', () => finish(true));
    s.on('close', () => finish(true));
  });
}

const pkt = (line) => {
  const body = Buffer.isBuffer(line) ? line : Buffer.from(line);
  return Buffer.concat([Buffer.from((body.length + 4).toString(16).padStart(4, '0')), body]);
};
const ZERO = '0'.repeat(40);
// The relay has answered `ok` and git's ref advertisement has ended.
const advertised = (data) => data.toString('latin1').startsWith('ok\n') && data.includes('0000');

async function names() {
  const headers = [
    'git-receive-pack ../app', 'git-receive-pack app/../app', 'git-upload-pack ./app',
    'git-receive-pack ../../agt-1/relay/app', 'git-receive-pack /etc',
    'git-receive-pack other', 'git-upload-pack other', 'git-receive-pack app.git',
    'git-receive-pack app\0--upload-pack=touch /tmp/x', 'git-receive-pack --help',
    'git-upload-archive app', 'git-receive-pack  app', 'GIT-RECEIVE-PACK app',
    'git-receive-pack app extra', 'git-receive-pack ' + 'a'.repeat(400),
  ];
  if (extra) headers.push('git-receive-pack ' + extra);
  for (const h of headers) {
    const r = await exchange(SOCK, h + '\n', 10000);
    const answer = r.data.toString('latin1');
    console.log('relay answered ' + JSON.stringify(h.slice(0, 60)) + ': ' + shown(r.data));
    if (answer.startsWith('ok')) escaped('relay-served-' + h.replace(/[^a-z./]/g, '_').slice(0, 40));
  }
  // Another agent's relay by its host path: never in view.
  for (const p of (extra || '').split(':').filter((x) => x.startsWith('/'))) {
    const r = await exchange(p, 'git-receive-pack app\n', 5000);
    if (r.data.length) escaped('reached-another-relay-' + p);
  }
}

// Push `pack` as the update of a new branch `ref`; resolves the relay's reply.
function push(ref, newSha, pack, limitMs) {
  let sent = false;
  return exchange(SOCK, 'git-receive-pack app\n', limitMs, (s, data) => {
    if (sent || !advertised(data)) return;
    sent = true;
    s.write(pkt(`${ZERO} ${newSha} ${ref}\0 report-status\n`));
    s.write('0000');
    s.write(pack);
    s.end();
  });
}

async function garbage() {
  // A pack header claiming one object, then noise; then bytes that are not
  // a pack at all.
  const noise = Buffer.from('this is not zlib data, only noise '.repeat(20));
  const packs = [
    Buffer.concat([Buffer.from('PACK'), Buffer.from([0, 0, 0, 2, 0, 0, 0, 1]), noise]),
    Buffer.from('no pack here at all\n'.repeat(10)),
  ];
  for (const [i, pack] of packs.entries()) {
    const r = await push(`refs/heads/escape-garbage-${i}`, 'e'.repeat(40), pack, 30000);
    const answer = r.data.toString('latin1');
    console.log(`garbage pack ${i}: relay said ${shown(r.data.subarray(r.data.indexOf('0000') + 4))}`);
    if (answer.includes(`ok refs/heads/escape-garbage-${i}`)) escaped(`garbage-pack-${i}-accepted`);
    const why = /unpack [^\n]*/.exec(answer);
    if (why && why[0] !== 'unpack ok') console.log('REFUSED-WITH: ' + why[0]);
  }
}

// Send `body()` chunks after `start(s, advertisement)` until the relay
// hangs up, `limit` bytes went out, or 40 s passed; reads and drops what
// the relay answers meanwhile.
function flood(service, start, body, limit) {
  let written = 0;
  return new Promise((resolve) => {
    let started = false;
    let data = Buffer.alloc(0);
    const s = net.createConnection(SOCK);
    let answer = Buffer.alloc(0);
    const stop = (why) => { clearTimeout(timer); s.destroy(); resolve({ why, written, answer }); };
    const timer = setTimeout(() => stop('time'), 40000);
    const pump = () => {
      while (written < limit) {
        const chunk = body();
        written += chunk.length;
        if (!s.write(chunk)) return s.once('drain', pump);
      }
      stop('all written');
    };
    s.on('connect', () => s.write(`${service} app\n`));
    s.on('data', (d) => {
      if (started) {
        if (answer.length < 4096) answer = Buffer.concat([answer, d]);
        return;
      }
      data = Buffer.concat([data, d]);
      if (!advertised(data)) return;
      started = true;
      start(s, data);
      pump();
    });
    s.on('error', () => stop('hung up'));
    s.on('close', () => stop('hung up'));
  });
}

async function endless() {
  // How much the relay takes before it hangs up, for a push whose pack
  // never ends (valid blob objects, one after another, under a header
  // promising 100000 of them: 6 GB) and a fetch whose `have` lines never end.
  const limit = 64 * 1024 * 1024;
  const size = 60000;
  const header = [0x80 | (3 << 4) | (size & 0x0f)];
  for (let rest = size >> 4; rest > 0; rest >>= 7) header.push((rest > 0x7f ? 0x80 : 0) | (rest & 0x7f));
  const blob = () => Buffer.concat([Buffer.from(header), require('zlib').deflateSync(require('crypto').randomBytes(size), { level: 0 })]);
  const push = await flood('git-receive-pack', (s) => {
    s.write(pkt(`${ZERO} ${'f'.repeat(40)} refs/heads/escape-endless\0 report-status\n`));
    s.write('0000');
    s.write(Buffer.concat([Buffer.from('PACK'), Buffer.from([0, 0, 0, 2, 0, 1, 0x86, 0xa0])]));
  }, blob, limit);
  console.log(`endless pack: ${push.written} bytes written, then ${push.why}; the relay said ${shown(push.answer)}`);
  let n = 0;
  const fetch = await flood('git-upload-pack', (s, data) => {
    const want = /^[0-9a-f]{4}([0-9a-f]{40}) /m.exec(data.toString('latin1').slice(3));
    s.write(pkt(`want ${want ? want[1] : ZERO}\n`));
    s.write('0000');
  }, () => {
    const lines = [];
    for (let i = 0; i < 32; i++) lines.push(pkt(`have ${require('crypto').randomBytes(20).toString('hex')}\n`));
    n += 32;
    return Buffer.concat([...lines, Buffer.from('0000')]);
  }, limit);
  console.log(`endless haves (${n}): ${fetch.written} bytes written, then ${fetch.why}`);
  for (const [what, r] of [['pack', push], ['haves', fetch]]) {
    // The cap under test is 1 MiB; past 8 MiB, socket buffers cannot
    // explain what the relay took.
    if (r.written >= 8 * 1024 * 1024) escaped(`relay-took-endless-${what}`);
    if (r.why === 'time') escaped(`relay-neither-took-nor-refused-endless-${what}`);
  }
}

async function stall() {
  // Silent after connecting: the header limit under test is 1 s.
  let r = await exchange(SOCK, null, 20000);
  console.log(`silent client: cut off after ${r.ms} ms: ${shown(r.data)}`);
  if (!r.closed) escaped('relay-waited-20s-on-a-silent-client');
  // The header a byte at a time.
  r = await new Promise((resolve) => {
    const started = Date.now();
    const s = net.createConnection(SOCK);
    const header = Buffer.from('git-receive-pack app\n');
    let i = 0;
    const tick = setInterval(() => { if (i < header.length - 1) s.write(header.subarray(i, ++i)); }, 400);
    const end = (closed) => { clearInterval(tick); clearTimeout(timer); s.destroy(); resolve({ closed, ms: Date.now() - started }); };
    const timer = setTimeout(() => end(false), 20000);
    s.on('close', () => end(true));
    s.on('error', () => end(true));
  });
  console.log(`trickling client: cut off after ${r.ms} ms`);
  if (!r.closed) escaped('relay-waited-20s-on-a-trickling-header');
  // A session that stalls after the advertisement: the session limit
  // under test is 4 s.
  r = await exchange(SOCK, 'git-receive-pack app\n', 30000);
  console.log(`stalled session: cut off after ${r.ms} ms`);
  if (!r.closed) escaped('relay-held-a-stalled-session-30s');
  // Many at once: the relay runs a few sessions and refuses the rest.
  const many = await Promise.all(Array.from({ length: 12 }, () => exchange(SOCK, null, 20000)));
  const refused = many.filter((m) => m.data.toString().includes('at most')).length;
  console.log(`12 silent clients at once: ${refused} refused at once`);
  if (many.some((m) => !m.closed)) escaped('relay-held-a-silent-client-20s');
}

async function forge() {
  // A forged pre-receive request: quarantine paths outside the relay and a
  // ref update, sent to every socket in view (the decision socket must not
  // be one of them).
  const request = 'GIT_OBJECT_DIRECTORY=/etc\nGIT_ALTERNATE_OBJECT_DIRECTORIES=/\n' +
    'GIT_QUARANTINE_PATH=/etc\n\n' + `${ZERO} ${'1'.repeat(40)} refs/heads/escape-forged\n`;
  const sockets = (extra || '').split('\n').filter(Boolean);
  for (const p of sockets) {
    const r = await exchange(p, request, 10000);
    console.log(`forged check to ${p}: ${shown(r.data)}`);
    if (r.data.toString().startsWith('accept')) escaped('forged-pre-receive-accepted-' + p);
    if (/decide-[0-9a-f]+\.sock/.test(p)) escaped('saw-a-decision-socket-' + p);
  }
}

async function credential() {
  // Git's credential-helper request for the project's forge (host in
  // FORGE_HOST), sent to every socket in view: the daemon's credential
  // socket must not be one of them, and no socket may answer a password.
  const request = `get\nprotocol=http\nhost=${process.env.FORGE_HOST || ''}\n`;
  const sockets = (extra || '').split('\n').filter(Boolean);
  console.log(`asking ${sockets.length} sockets for the forge credential`);
  for (const p of sockets) {
    const r = await exchange(p, request, 5000);
    console.log(`credential request to ${p}: ${shown(r.data)}`);
    if (r.data.toString().includes('password=')) escaped('got-a-forge-credential-from-' + p);
    if (/\.lend-[0-9a-f]+\.sock/.test(p)) escaped('saw-a-credential-socket-' + p);
  }
}

const attacks = { names, garbage, endless, stall, forge, credential };
if (!attacks[attack]) {
  console.log('unknown attack ' + attack);
  process.exit(2);
}
attacks[attack]().then(() => fs.writeSync(1, `relay attack ${attack} done\n`));
