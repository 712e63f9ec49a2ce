'use strict';
// Bad input to the grpc-js run (docs/realclock.md, "grpc-js, for real"): each gives a clear
// message naming its cause, and what was measured before is kept. No assertion rests on a
// duration: the server dies after a count of attempts, the unreachable port is one nothing
// listens on.

const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const HERE = path.join(__dirname, '..');
const node = process.execPath;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hedge-grpcjs-test-'));

function run(script, args) {
  return spawnSync(node, [path.join(HERE, script), ...args.map(String)], { encoding: 'utf8' });
}

function startServer(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [path.join(HERE, 'server.js'), ...args.map(String)],
                        { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', d => {
      text += d;
      const m = text.match(/listening (\d+)/);
      if (m)
        resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', code => reject(new Error(`server exited ${code}`)));
  });
}

function freePort() {
  return new Promise(resolve => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = s.address().port;
      s.close(() => resolve(port));
    });
  });
}

test('a service config grpc-js refuses is named with grpc-js\'s reason', () => {
  // gRFC A6's own example ".5s": grpc-js's duration form needs a digit before the dot.
  const config = path.join(work, 'refused.json');
  fs.writeFileSync(config, JSON.stringify({ methodConfig: [{ name: [{}],
    hedgingPolicy: { maxAttempts: 2, hedgingDelay: '.5s' } }] }));
  const r = run('driver.js', ['--target', '127.0.0.1:9', '--service-config', config,
                              '--rate-per-s', 10, '--calls', 10, '--out', path.join(work, 'x.json')]);
  assert.strictEqual(r.status, 2);
  assert.match(r.stderr, /the service config .*refused\.json is refused by grpc-js 1\.14\.7: .*hedgingDelay/);
  assert.ok(!fs.existsSync(path.join(work, 'x.json')));
});

test('a target that is not an IP literal is refused before anything runs', () => {
  const r = run('driver.js', ['--target', 'localhost:50051', '--rate-per-s', 10,
                              '--out', path.join(work, 'y.json')]);
  assert.strictEqual(r.status, 2);
  assert.match(r.stderr, /--target: "localhost:50051" is not an IP-literal HOST:PORT/);
});

test('an unreachable port is named', async () => {
  const port = await freePort();
  const r = run('driver.js', ['--target', `127.0.0.1:${port}`, '--rate-per-s', 10,
                              '--connect-timeout-s', 1, '--out', path.join(work, 'z.json')]);
  assert.strictEqual(r.status, 1);
  assert.match(r.stderr, new RegExp(`cannot reach 127\\.0\\.0\\.1:${port} .*is the server running`));
});

test('a server that dies mid-run: the cause is named and the calls that ended are kept', async () => {
  // 200 connection warm-up calls, then the run: the server exits at its 300th attempt.
  const { child, port } = await startServer(['--workers', 4, '--median-ms', 1, '--sigma', 0,
                                             '--hiccup-probability', 0, '--die-after-attempts', 300]);
  const out = path.join(work, 'died.json');
  const r = await new Promise(resolve => {
    const d = spawn(node, [path.join(HERE, 'driver.js'), '--target', `127.0.0.1:${port}`,
                           '--rate-per-s', 200, '--calls', 400, '--warmup-fraction', 0,
                           '--out', out], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    d.stderr.on('data', x => { err += x; });
    d.on('exit', status => resolve({ status, stderr: err }));
  });
  child.kill();
  assert.strictEqual(r.status, 1);
  assert.match(r.stderr, /stopped: call \d+ failed with UNAVAILABLE .*the server went away/);
  assert.match(r.stderr, /measured calls that ended are kept in/);
  const point = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.strictEqual(point.complete, false);
  assert.ok(point.calls_launched < 400, `launched ${point.calls_launched}`);
  assert.ok(point.measured_calls >= 99, `measured ${point.measured_calls}`);
  assert.strictEqual(point.attempts_counted_by, 'client'); // the server's counts died with it
});

test('run.js keeps the points measured before a server died, and says so', () => {
  const scenario = path.join(work, 'scenario.json');
  fs.writeFileSync(scenario, JSON.stringify({
    calls: 1000, loads: [0.3],
    service: { workers: 4, median_ms: 1, sigma: 0, hiccup_probability: 0 },
    setups: [{ name: 'no hedge', hedge: null }] }));
  const out = path.join(work, 'run');
  const r = run('run.js', [scenario, '--out', out, '--server-die-after-attempts', 500,
                           '--hedgesim', '/nonexistent/hedgesim']);
  assert.strictEqual(r.status, 1);
  assert.match(r.stderr, /stopped early: the grpc-js server died during the run/);
  assert.match(r.stderr, /the points measured so far are kept/);
  const measured = JSON.parse(fs.readFileSync(path.join(out, 'measured.json'), 'utf8'));
  assert.strictEqual(measured.schema, 'hedge-explorer/results@1');
  assert.strictEqual(measured.points.length, 1);
  assert.ok(measured.points[0].measured_calls > 0);
  const runFile = JSON.parse(fs.readFileSync(path.join(out, 'run.json'), 'utf8'));
  assert.strictEqual(runFile.complete, false);
});

test('a service the grpc-js server does not model is refused naming the field', () => {
  const scenario = path.join(work, 'replicas.json');
  fs.writeFileSync(scenario, JSON.stringify({ loads: [0.3], service: { replicas: 3 },
                                              setups: [{ name: 'x' }] }));
  const r = run('run.js', [scenario, '--out', path.join(work, 'r2')]);
  assert.strictEqual(r.status, 2);
  assert.match(r.stderr, /service\.replicas: not modelled by the grpc-js server/);
});
