'use strict';
// The model's service (docs/model.md, "The service") as a grpc-js server, for the real grpc-js
// run (docs/realclock.md, "grpc-js, for real"): N workers behind one FIFO queue shared by every
// attempt; each attempt holds a worker for a service time drawn as the model draws it
// (log-normal body, uniform hiccups) and then answers, or fails with UNAVAILABLE with the
// error probability. With --cancellation server a cancelled attempt (the client's
// RST_STREAM) leaves the queue, or frees its worker at once; with client it is served anyway.
// It counts attempts per call from the call id the driver sends and grpc-js's
// grpc-previous-rpc-attempts. Prints "listening PORT" on standard output once it serves.

const { performance, monitorEventLoopDelay } = require('perf_hooks');
const common = require('./common');

const o = common.parseOptions(process.argv.slice(2), {
  'listen': ['string', '127.0.0.1:0'],
  'workers': ['number', 16],
  'median-ms': ['number', 10],
  'sigma': ['number', 0.25],
  'hiccup-probability': ['number', 0.02],
  'hiccup-min-ms': ['number', 100],
  'hiccup-max-ms': ['number', 300],
  'error-probability': ['number', 0],
  'cancellation': ['string', 'client'],
  'seed': ['number', 1],
  'die-after-attempts': ['number', 0], // tests: exit abruptly after this many attempts
}, 'grpc-js server');
if (o.cancellation !== 'client' && o.cancellation !== 'server')
  common.usage('grpc-js server', {}, `--cancellation: "${o.cancellation}" is not allowed (client or server)`);
if (!(o.workers >= 1 && Number.isInteger(o.workers)))
  common.usage('grpc-js server', {}, `--workers: ${o.workers} is not allowed (a whole number ≥ 1)`);

let grpc;
try {
  grpc = require('@grpc/grpc-js');
} catch (e) {
  process.stderr.write('grpc-js server: @grpc/grpc-js is not installed (run tools/grpc-js/run.js, ' +
                       'which installs it from tools/grpc-js/vendor)\n');
  process.exit(1);
}

const random = new common.Random(o.seed);
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();

function drawServiceMs() {
  if (o['hiccup-probability'] > 0 && random.uniform() < o['hiccup-probability'])
    return o['hiccup-min-ms'] + random.uniform() * (o['hiccup-max-ms'] - o['hiccup-min-ms']);
  return o['median-ms'] * Math.exp(o.sigma * random.normal());
}

// The queue: attempts waiting for a worker, in arrival order; a cancelled one (server
// cancellation) is marked and skipped, which is the same as leaving the queue.
const queue = [];
let queueHead = 0;
let busy = 0;
let busySince = performance.now();
let busyIntegral = 0; // worker-milliseconds
const stats = { attempts: 0, cancelledQueued: 0, cancelledInService: 0, errors: 0,
                drawnMs: 0, heldMs: 0, served: 0, perCall: new Map() };

function setBusy(delta) {
  const now = performance.now();
  busyIntegral += busy * (now - busySince);
  busySince = now;
  busy += delta;
}

function startAttempt(a) {
  setBusy(+1);
  a.state = 'service';
  a.startedAt = performance.now();
  a.drawnMs = drawServiceMs();
  a.error = o['error-probability'] > 0 && random.uniform() < o['error-probability'];
  // Node's timers keep whole milliseconds (a fraction is cut): rounding to the nearest keeps
  // the mean service time the model's (docs/realclock.md, "grpc-js, for real").
  a.timer = setTimeout(() => finishAttempt(a), Math.max(1, Math.round(a.drawnMs)));
}

function freeWorker() {
  setBusy(-1);
  while (queueHead < queue.length) {
    const next = queue[queueHead];
    queue[queueHead++] = undefined;
    if (next.state === 'queued') {
      startAttempt(next);
      break;
    }
  }
  if (queueHead > 4096 && queueHead * 2 > queue.length) {
    queue.splice(0, queueHead);
    queueHead = 0;
  }
}

function finishAttempt(a) {
  a.state = 'done';
  stats.served += 1;
  stats.drawnMs += a.drawnMs;
  stats.heldMs += performance.now() - a.startedAt;
  freeWorker();
  if (a.cancelled)
    return; // client cancellation: served to its end, the answer goes nowhere
  if (a.error) {
    stats.errors += 1;
    a.callback({ code: grpc.status.UNAVAILABLE, details: 'drawn error' });
  } else {
    a.callback(null, Buffer.alloc(0));
  }
}

function onCancelled(a) {
  a.cancelled = true;
  if (o.cancellation !== 'server')
    return;
  if (a.state === 'queued') {
    a.state = 'left';
    stats.cancelledQueued += 1;
  } else if (a.state === 'service') {
    clearTimeout(a.timer);
    a.state = 'done';
    stats.cancelledInService += 1;
    freeWorker();
  }
}

function handleCall(call, callback) {
  const id = call.metadata.get(common.CALL_ID_KEY)[0];
  const previous = Number(call.metadata.get(common.PREVIOUS_ATTEMPTS_KEY)[0] ?? 0);
  stats.attempts += 1;
  if (id !== undefined) {
    const key = String(id);
    const seen = stats.perCall.get(key) ?? { attempts: 0, maxPrevious: 0 };
    seen.attempts += 1;
    seen.maxPrevious = Math.max(seen.maxPrevious, previous);
    stats.perCall.set(key, seen);
  }
  if (o['die-after-attempts'] > 0 && stats.attempts >= o['die-after-attempts']) {
    process.stderr.write(`grpc-js server: dying on purpose after ${stats.attempts} attempts\n`);
    process.exit(3);
  }
  const a = { state: 'queued', callback, cancelled: false };
  call.on('cancelled', () => onCancelled(a));
  if (busy < o.workers)
    startAttempt(a);
  else
    queue.push(a);
}

// Stats: the counters since the last reset, and the attempts per call id; `reset` in the
// request starts a new measurement.
function handleStats(call, callback) {
  const request = JSON.parse(call.request.toString() || '{}');
  setBusy(0);
  const perCall = {};
  for (const [k, v] of stats.perCall)
    perCall[k] = v.attempts;
  const answer = {
    workers: o.workers,
    attempts: stats.attempts,
    served: stats.served,
    errors: stats.errors,
    cancelled_queued: stats.cancelledQueued,
    cancelled_in_service: stats.cancelledInService,
    busy_worker_ms: busyIntegral,
    drawn_service_mean_ms: stats.served ? stats.drawnMs / stats.served : 0,
    held_service_mean_ms: stats.served ? stats.heldMs / stats.served : 0,
    event_loop_delay: common.histogramMs(loopDelay),
    per_call_attempts: request.perCall ? perCall : undefined,
  };
  if (request.reset) {
    busyIntegral = 0;
    Object.assign(stats, { attempts: 0, cancelledQueued: 0, cancelledInService: 0, errors: 0,
                           drawnMs: 0, heldMs: 0, served: 0, perCall: new Map() });
    loopDelay.reset();
  }
  callback(null, Buffer.from(JSON.stringify(answer)));
}

const identity = { serialize: b => b, deserialize: b => b };
const service = {
  call: { path: common.METHOD, requestStream: false, responseStream: false,
          requestSerialize: identity.serialize, requestDeserialize: identity.deserialize,
          responseSerialize: identity.serialize, responseDeserialize: identity.deserialize },
  stats: { path: common.STATS_METHOD, requestStream: false, responseStream: false,
           requestSerialize: identity.serialize, requestDeserialize: identity.deserialize,
           responseSerialize: identity.serialize, responseDeserialize: identity.deserialize },
};

const server = new grpc.Server();
server.addService(service, { call: handleCall, stats: handleStats });
server.bindAsync(o.listen, grpc.ServerCredentials.createInsecure(), (error, port) => {
  if (error) {
    process.stderr.write(`grpc-js server: cannot listen on ${o.listen}: ${error.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`listening ${port}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.tryShutdown(() => process.exit(0)));
