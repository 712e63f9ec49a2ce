'use strict';
// The grpc-js load driver of the real run (docs/realclock.md, "grpc-js, for real"): one point,
// open-loop Poisson calls on an absolute schedule through the real @grpc/grpc-js client,
// configured only by a service config (grpc.service_config, the text Export Policy As…
// writes) on an IP-literal target. Latency is measured on the monotonic clock from each
// call's intended start; the event loop's delay is recorded beside it; attempts per call come
// from the server (which counts them by call id). Writes one JSON point (--out) even when the
// run stops early, with "complete": false and the reason.
//
// The throttle's bucket is read, never changed: RetryingCall.startNewAttempt is wrapped to
// note, per call, whether it sent a hedge while grpc-js's own bucket was at or below half.

const fs = require('fs');
const { performance, monitorEventLoopDelay } = require('perf_hooks');
const common = require('./common');

const PROGRAM = 'grpc-js driver';
let grpc;
let retrying;
try {
  grpc = require('@grpc/grpc-js');
  retrying = require('@grpc/grpc-js/build/src/retrying-call');
} catch (e) {
  process.stderr.write(`${PROGRAM}: @grpc/grpc-js is not installed (run tools/grpc-js/run.js, ` +
                       'which installs it from tools/grpc-js/vendor)\n');
  process.exit(1);
}

const o = common.parseOptions(process.argv.slice(2), {
  'target': ['string', undefined],
  'service-config': ['string', ''],
  'rate-per-s': ['number', undefined],
  'calls': ['number', 2000],
  'warmup-fraction': ['number', 0.1],
  'connection-warmup-calls': ['number', 200],
  'seed': ['number', 1],
  'connect-timeout-s': ['number', 5],
  'connections': ['number', 4],
  'out': ['string', undefined],
}, PROGRAM);

function fail(message, code = 1) {
  process.stderr.write(`${PROGRAM}: ${message}\n`);
  process.exit(code);
}

if (!/^(\d{1,3}\.){3}\d{1,3}:\d+$/.test(o.target) && !/^\[[0-9a-fA-F:]+\]:\d+$/.test(o.target))
  fail(`--target: "${o.target}" is not an IP-literal HOST:PORT (127.0.0.1:50051, [::1]:50051)`, 2);
if (!(o['rate-per-s'] > 0))
  fail(`--rate-per-s: ${o['rate-per-s']} is not allowed (> 0)`, 2);
if (!(Number.isInteger(o.calls) && o.calls >= 1))
  fail(`--calls: ${o.calls} is not allowed (a whole number ≥ 1)`, 2);

// --- the library's own view of each call: attempts sent, hedges sent at or below half ---
const clientAttempts = new Map(); // call id → attempts grpc-js started
const belowHalf = new Set();      // call ids that sent a hedge while the bucket was ≤ half
let minTokens = Infinity;
const originalStart = retrying.RetryingCall.prototype.startNewAttempt;
retrying.RetryingCall.prototype.startNewAttempt = function startNewAttemptObserved() {
  const id = this.initialMetadata?.get(common.CALL_ID_KEY)[0];
  if (id !== undefined) {
    const key = String(id);
    clientAttempts.set(key, (clientAttempts.get(key) ?? 0) + 1);
    const bucket = this.retryThrottler;
    if (bucket) {
      minTokens = Math.min(minTokens, bucket.tokens);
      if (clientAttempts.get(key) > 1 && !bucket.canRetryCall())
        belowHalf.add(key);
    }
  }
  return originalStart.call(this);
};

// --- the client, configured by the service config alone ---
let serviceConfigText = '';
if (o['service-config']) {
  try {
    serviceConfigText = fs.readFileSync(o['service-config'], 'utf8');
  } catch (e) {
    fail(`--service-config: cannot read ${o['service-config']}: ${e.message}`, 2);
  }
}
// Several channels to the one target, each on its own HTTP/2 connection (a local subchannel
// pool), the calls dealt round robin: Node's HTTP/2 server closes a connection whose client
// resets more than 33 streams a second beyond a burst of 1000 (nghttp2's guard against rapid
// reset floods), and every loser a hedge cancels is a reset (docs/realclock.md, "grpc-js, for
// real"). The channels share grpc-js's one bucket for the target.
const identity = b => b;
const ClientClass = grpc.makeGenericClientConstructor({}, 'hedge');
if (!(Number.isInteger(o.connections) && o.connections >= 1))
  fail(`--connections: ${o.connections} is not allowed (a whole number ≥ 1)`, 2);
const clients = [];
try {
  const options = serviceConfigText ? { 'grpc.service_config': serviceConfigText } : {};
  if (o.connections > 1)
    options['grpc.use_local_subchannel_pool'] = 1;
  for (let i = 0; i < o.connections; ++i)
    clients.push(new ClientClass(o.target, grpc.credentials.createInsecure(), options));
} catch (e) {
  fail(`the service config ${o['service-config']} is refused by grpc-js ${
        require('@grpc/grpc-js/package.json').version}: ${e.message}`, 2);
}
const client = clients[0];

function unary(method, payload, metadata, deadlineMs) {
  return new Promise(resolve => {
    const options = deadlineMs ? { deadline: Date.now() + deadlineMs } : {};
    client.makeUnaryRequest(method, identity, identity, payload, metadata, options,
                            (error, value) => resolve({ error, value }));
  });
}

async function serverStats(reset, perCall) {
  const { error, value } = await unary(common.STATS_METHOD,
                                       Buffer.from(JSON.stringify({ reset, perCall })),
                                       new grpc.Metadata(), 10000);
  if (error)
    return null;
  return JSON.parse(value.toString());
}

// --- the point ---
const n = o.calls;
const intended = new Float64Array(n);
const ended = new Float64Array(n).fill(NaN);
const code = new Int16Array(n).fill(-1);
const lateness = new Float64Array(n);
const rate = o['rate-per-s'] / 1000; // per ms
const warmupCalls = Math.floor(n * o['warmup-fraction']);
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
let stopReason = null;
let outstanding = 0;
let launched = 0;

function transportFailure(error) {
  // A status the server's service did not give: the connection, not the service.
  return error && !(error.code === grpc.status.UNAVAILABLE && error.details === 'drawn error');
}

function launch(i) {
  const md = new grpc.Metadata();
  md.set(common.CALL_ID_KEY, String(i));
  lateness[i] = performance.now() - intended[i];
  outstanding += 1;
  launched += 1;
  clients[i % clients.length].makeUnaryRequest(common.METHOD, identity, identity, Buffer.alloc(0), md, {},
                          (error) => {
    ended[i] = performance.now();
    code[i] = error ? error.code : 0;
    outstanding -= 1;
    if (transportFailure(error) && !stopReason)
      stopReason = `call ${i} failed with ${grpc.status[error.code]} (${error.details}): the ` +
                   'server went away or the connection broke';
  });
}

function runSchedule() {
  return new Promise(resolve => {
    let next = 0;
    const start = performance.now() + 20;
    const random = new common.Random(o.seed);
    let t = start;
    for (let i = 0; i < n; ++i) {
      t += random.exponential(rate);
      intended[i] = t;
    }
    const pump = () => {
      if (stopReason) {
        resolve();
        return;
      }
      const now = performance.now();
      while (next < n && intended[next] <= now)
        launch(next++);
      if (next >= n) {
        resolve();
        return;
      }
      setTimeout(pump, Math.max(0, intended[next] - performance.now()));
    };
    setTimeout(pump, Math.max(0, start - performance.now()));
  });
}

async function drain(limitMs) {
  const until = performance.now() + limitMs;
  while (outstanding > 0 && performance.now() < until)
    await new Promise(r => setTimeout(r, 20));
}

function summarise(stats) {
  const latencies = [];
  let measured = 0, failed = 0, attempts = 0, hedged = 0, below = 0, sum = 0, clientSum = 0;
  let attemptsFrom = stats && stats.per_call_attempts ? 'server' : 'client';
  for (let i = warmupCalls; i < n; ++i) {
    if (code[i] < 0)
      continue; // not ended (a stopped run)
    measured += 1;
    const key = String(i);
    const a = attemptsFrom === 'server' ? (stats.per_call_attempts[key] ?? 0)
                                        : (clientAttempts.get(key) ?? 1);
    attempts += a;
    clientSum += clientAttempts.get(key) ?? 1;
    hedged += a > 1;
    below += belowHalf.has(key);
    if (code[i] === 0) {
      const ms = ended[i] - intended[i];
      latencies.push(ms);
      sum += ms;
    } else {
      failed += 1;
    }
  }
  latencies.sort((a, b) => a - b);
  const late = Array.from(lateness.subarray(0, launched)).sort((a, b) => a - b);
  return {
    measured_calls: measured,
    p50_ms: common.nearestRank(latencies, 5000),
    p99_ms: common.nearestRank(latencies, 9900),
    p999_ms: common.nearestRank(latencies, 9990),
    mean_ms: latencies.length ? sum / latencies.length : null,
    max_ms: latencies.length ? latencies[latencies.length - 1] : null,
    requests_per_call: measured ? attempts / measured : 0,
    hedged_fraction: measured ? hedged / measured : 0,
    failed_fraction: measured ? failed / measured : 0,
    attempts_counted_by: attemptsFrom,
    client_requests_per_call: measured ? clientSum / measured : 0,
    below_half_hedged_fraction: measured ? below / measured : 0,
    below_half_hedged_calls: below,
    min_tokens: Number.isFinite(minTokens) ? minTokens : null,
    arrival_lateness_p50_ms: common.nearestRank(late, 5000),
    arrival_lateness_p99_ms: common.nearestRank(late, 9900),
  };
}

async function main() {
  // Warm the connection: connect, then a few calls not measured.
  for (const each of clients)
    await new Promise(resolve => {
      each.waitForReady(Date.now() + o['connect-timeout-s'] * 1000, error => {
        if (error)
          fail(`cannot reach ${o.target} within ${o['connect-timeout-s']} s: ${error.message} ` +
               '(is the server running, is the port right?)');
        resolve();
      });
    });
  const warm = new grpc.Metadata();
  for (let i = 0; i < o['connection-warmup-calls']; ++i)
    await new Promise(resolve => clients[i % clients.length].makeUnaryRequest(
      common.METHOD, identity, identity, Buffer.alloc(0), warm, { deadline: Date.now() + 5000 },
      () => resolve()));
  if (!(await serverStats(true, false)))
    fail(`${o.target} answers but not as the grpc-js confirmation server (no Stats method)`);
  loopDelay.enable();
  const began = performance.now();
  await runSchedule();
  await drain(stopReason ? 2000 : 60000);
  const span = performance.now() - began;
  if (!stopReason && outstanding > 0)
    stopReason = `${outstanding} calls had not ended 60 s after the last arrival`;
  loopDelay.disable();
  const stats = await serverStats(false, true);
  if (!stats && !stopReason)
    stopReason = 'the server did not answer Stats after the run';
  const point = summarise(stats);
  point.complete = !stopReason;
  if (stopReason)
    point.stopped = stopReason;
  point.calls_launched = launched;
  point.calls = n;
  point.rate_per_s = o['rate-per-s'];
  point.achieved_rate_per_s = launched / ((intended[Math.max(0, launched - 1)] - intended[0]) / 1000 || 1);
  point.utilisation = stats ? stats.busy_worker_ms / (stats.workers * span) : null;
  point.server = stats ? { ...stats, per_call_attempts: undefined } : null;
  point.event_loop_delay = common.histogramMs(loopDelay);
  point.grpc_js = require('@grpc/grpc-js/package.json').version;
  fs.writeFileSync(o.out, JSON.stringify(point, null, 2) + '\n');
  for (const each of clients)
    each.close();
  if (stopReason) {
    process.stderr.write(`${PROGRAM}: stopped: ${stopReason}; the ${point.measured_calls} ` +
                         `measured calls that ended are kept in ${o.out}\n`);
    process.exit(1);
  }
  process.exit(0);
}

main().catch(e => fail(`internal error: ${e.stack}`));
