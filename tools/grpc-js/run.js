#!/usr/bin/env node
'use strict';
// The real grpc-js run beside the model, in one command (docs/realclock.md, "grpc-js, for
// real"):
//
//   node tools/grpc-js/run.js SCENARIO.json [--calls N] [--out DIR] [--hedgesim PATH]
//        [--max-p99-diff F] [--max-rpc-diff D]
//   node tools/grpc-js/run.js --install-only
//
// installs @grpc/grpc-js from the lockfile and the tarballs in vendor/ when it is missing
// (offline), writes each gRPC setup's service config with `hedgesim policy export`, runs a
// fresh grpc-js server and a fresh driver per point, writes DIR/measured.json (a results file)
// and DIR/run.json (the event loop's delay, hedges sent at or below half the bucket, server
// counters), and has `hedgesim confirm --measured` put them beside the model. With the
// --max-*-diff options it fails when a point is farther from the model than that.

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const HERE = __dirname;
const PROGRAM = 'grpc-js run';
const PINNED = require('./package.json').dependencies['@grpc/grpc-js'];

function fail(message, code = 1) {
  process.stderr.write(`${PROGRAM}: ${message}\n`);
  process.exit(code);
}

function say(message) {
  process.stderr.write(`${PROGRAM}: ${message}\n`);
}

// --- dependencies: the lockfile's packages from vendor/, no registry ---
function installedVersion() {
  try {
    return JSON.parse(fs.readFileSync(path.join(HERE, 'node_modules/@grpc/grpc-js/package.json'))).version;
  } catch (e) {
    return null;
  }
}

function ensureDependencies() {
  if (installedVersion() === PINNED)
    return;
  say(`installing @grpc/grpc-js ${PINNED} from tools/grpc-js/vendor (offline, no npm)`);
  try {
    require('./install').installVendored(HERE);
  } catch (e) {
    fail(`${e.message} (tools/grpc-js/vendor.sh refreshes the tarballs after a change of the lockfile)`);
  }
  if (installedVersion() !== PINNED)
    fail(`tools/grpc-js/node_modules holds @grpc/grpc-js ${installedVersion()} after the install, not ${PINNED}`);
}

// --- the scenario ---
const SERVICE_DEFAULTS = { workers: 16, median_ms: 10, sigma: 0.25, hiccup_probability: 0.02,
                           hiccup_min_ms: 100, hiccup_max_ms: 300, error_probability: 0 };
const SERVICE_KEYS_OF_ONE_QUEUE = new Set(Object.keys(SERVICE_DEFAULTS));
const NEUTRAL = { replicas: 1, shed_backlog_ms: 0, hiccup_correlation: 0 };

function readScenario(file) {
  let scenario;
  try {
    scenario = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    fail(`${file}: ${e.message}`, 2);
  }
  const service = { ...SERVICE_DEFAULTS };
  for (const [key, value] of Object.entries(scenario.service ?? {})) {
    if (SERVICE_KEYS_OF_ONE_QUEUE.has(key))
      service[key] = value;
    else if (!(key in NEUTRAL && NEUTRAL[key] === value))
      fail(`${file}: service.${key}: not modelled by the grpc-js server (it runs one queue ` +
           `of workers with the log-normal service, hiccups and errors only)`, 2);
  }
  return { scenario, service };
}

function meanServiceMs(s) {
  const p = s.hiccup_probability;
  return (1 - p) * s.median_ms * Math.exp(s.sigma * s.sigma / 2) +
         p * (s.hiccup_min_ms + s.hiccup_max_ms) / 2;
}

// The service config a setup runs with: its export, or none for a setup that never hedges.
function serviceConfigFor(setup, scenarioFile, hedgesim, outDir, index) {
  if (setup.policy === 'grpc') {
    const file = path.join(outDir, `setup-${index + 1}.service-config.json`);
    const r = spawnSync(hedgesim, ['policy', 'export', scenarioFile, '--setup', setup.name,
                                   '-o', file], { encoding: 'utf8' });
    if (r.error)
      fail(`cannot run ${hedgesim} (${r.error.message}): build hedgesim or pass --hedgesim`);
    if (r.status !== 0)
      fail(`hedgesim policy export --setup "${setup.name}" failed: ${r.stderr.trim()}`);
    return file;
  }
  if ((setup.policy === undefined || setup.policy === 'resilience4cata') && !setup.hedge)
    return '';
  fail(`setup "${setup.name}": only gRPC setups and setups that never hedge run on grpc-js`, 2);
}

// --- one point: a fresh server, a fresh driver (the throttle's bucket lives per process) ---
function startServer(service, cancellation, seed, extra) {
  return new Promise((resolve, reject) => {
    const args = [path.join(HERE, 'server.js'), '--workers', service.workers,
                  '--median-ms', service.median_ms, '--sigma', service.sigma,
                  '--hiccup-probability', service.hiccup_probability,
                  '--hiccup-min-ms', service.hiccup_min_ms, '--hiccup-max-ms', service.hiccup_max_ms,
                  '--error-probability', service.error_probability,
                  '--cancellation', cancellation, '--seed', seed, ...extra].map(String);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', d => {
      text += d;
      const m = text.match(/listening (\d+)/);
      if (m)
        resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', code => reject(new Error(`the grpc-js server exited (status ${code}) before listening`)));
  });
}

function runDriver(args) {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [path.join(HERE, 'driver.js'), ...args.map(String)],
                        { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', code => resolve(code));
  });
}

async function runPoint(ctx, setup, setupIndex, load, pointIndex) {
  const rate = load * ctx.service.workers / meanServiceMs(ctx.service) * 1000;
  say(`point ${pointIndex}: "${setup.name}" at load ${load}: ${ctx.calls} calls at ` +
      `${rate.toFixed(1)}/s (${(ctx.calls / rate).toFixed(0)} s)`);
  const cancellation = setup.cancellation ?? 'client';
  const { child, port } = await startServer(ctx.service, cancellation,
                                            (ctx.scenario.seed ?? 1) + pointIndex, ctx.serverExtra);
  let serverExit = null;
  child.removeAllListeners('exit');
  child.on('exit', (code, signal) => { serverExit = signal ?? code; });
  const out = path.join(ctx.outDir, `point-${pointIndex}.json`);
  const driverArgs = ['--target', `127.0.0.1:${port}`, '--service-config', ctx.configs[setupIndex],
                      '--rate-per-s', rate, '--calls', ctx.calls,
                      '--warmup-fraction', ctx.scenario.warmup_fraction ?? 0.1,
                      '--seed', (ctx.scenario.seed ?? 1) * 1000 + pointIndex, '--out', out];
  const status = await runDriver(driverArgs);
  if (serverExit === null)
    child.kill('SIGTERM');
  let point = null;
  try {
    point = JSON.parse(fs.readFileSync(out, 'utf8'));
  } catch (e) {
    point = null;
  }
  if (point && serverExit !== null && serverExit !== 0 && point.complete === false)
    point.stopped = `the grpc-js server died during the run (exit ${serverExit}); ${point.stopped}`;
  return { setup, load, cancellation, point, status };
}

function resultsPoint(r, families) {
  const p = r.point;
  const point = {
    setup: r.setup.name, cancellation: r.cancellation, load: r.load,
    measured_calls: p.measured_calls, p50_ms: p.p50_ms, p99_ms: p.p99_ms, p999_ms: p.p999_ms,
    mean_ms: p.mean_ms, max_ms: p.max_ms, requests_per_call: p.requests_per_call,
    hedged_fraction: p.hedged_fraction, rejected_fraction: 0, failed_fraction: p.failed_fraction,
  };
  if (families)
    point.hedges_refused_fraction = 0; // grpc-js never refuses a hedge
  point.utilisation = p.utilisation ?? 0;
  point.collapsed = false;
  return point;
}

function fixed(v, d) {
  return v === null || v === undefined ? '-' : Number(v).toFixed(d);
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && argv[0] === '--install-only') {
    ensureDependencies();
    return;
  }
  if (argv.length < 1 || argv[0].startsWith('--'))
    fail('usage: run.js SCENARIO.json [--calls N] [--out DIR] [--hedgesim PATH] ' +
         '[--max-p99-diff F] [--max-rpc-diff D]', 2);
  const scenarioFile = path.resolve(argv[0]);
  const common = require('./common');
  const o = common.parseOptions(argv.slice(1), {
    'calls': ['number', 0], 'out': ['string', 'grpcjs-run'],
    'hedgesim': ['string', process.env.HEDGESIM || path.join(HERE, '../../build/bin/hedgesim')],
    'max-p99-diff': ['number', 0], 'max-rpc-diff': ['number', 0],
    'server-die-after-attempts': ['number', 0],
  }, 'run.js');
  ensureDependencies();
  const { scenario, service } = readScenario(scenarioFile);
  const outDir = path.resolve(o.out);
  fs.mkdirSync(outDir, { recursive: true });
  const setups = scenario.setups ?? [];
  const ctx = {
    scenario, service, outDir, calls: o.calls || scenario.calls || 3000,
    configs: setups.map((s, i) => serviceConfigFor(s, scenarioFile, o.hedgesim, outDir, i)),
    serverExtra: o['server-die-after-attempts'] ? ['--die-after-attempts', o['server-die-after-attempts']] : [],
  };
  const runs = [];
  let index = 0;
  let stopped = null;
  for (const [si, setup] of setups.entries()) {
    for (const load of scenario.loads ?? [0.5]) {
      const r = await runPoint(ctx, setup, si, load, ++index);
      if (r.point)
        runs.push(r);
      if (r.status !== 0) {
        stopped = r.point?.stopped ?? `the driver failed (status ${r.status})`;
        break;
      }
    }
    if (stopped)
      break;
  }
  // The scenario's calls, as the model should run them: the points' calls.
  const measuredScenario = { ...scenario, calls: ctx.calls };
  const measuredScenarioFile = path.join(outDir, 'scenario.json');
  fs.writeFileSync(measuredScenarioFile, JSON.stringify(measuredScenario, null, 2) + '\n');
  const families = setups.some(s => s.policy && s.policy !== 'resilience4cata');
  const measured = { schema: 'hedge-explorer/results@1', scenario: measuredScenario,
                     points: runs.filter(r => r.point.measured_calls > 0).map(r => resultsPoint(r, families)) };
  fs.writeFileSync(path.join(outDir, 'measured.json'), JSON.stringify(measured, null, 2) + '\n');
  fs.writeFileSync(path.join(outDir, 'run.json'), JSON.stringify({
    schema: 'hedge-explorer/grpcjs-run@1', grpc_js: PINNED, node: process.version,
    complete: !stopped, stopped: stopped ?? undefined,
    points: runs.map(r => ({ setup: r.setup.name, load: r.load, ...r.point })) }, null, 2) + '\n');
  say(`wrote ${path.join(outDir, 'measured.json')} and run.json (${runs.length} points)`);

  process.stdout.write('\nThe grpc-js run (event loop delay beyond its 1 ms tick; hedges sent at or below half the bucket):\n');
  process.stdout.write('setup | load | calls | driver loop p50/p99/max ms | server loop p99 ms | arrival lateness p99 ms | below half (calls) | min tokens | rpc server/client\n');
  for (const r of runs) {
    const p = r.point;
    process.stdout.write(`${r.setup.name} | ${r.load} | ${p.measured_calls}${p.complete ? '' : ' (partial)'} | ` +
      `${fixed(p.event_loop_delay.p50_ms, 2)}/${fixed(p.event_loop_delay.p99_ms, 2)}/${fixed(p.event_loop_delay.max_ms, 1)} | ` +
      `${fixed(p.server?.event_loop_delay.p99_ms, 2)} | ${fixed(p.arrival_lateness_p99_ms, 2)} | ` +
      `${fixed(p.below_half_hedged_fraction * 100, 2)} % (${p.below_half_hedged_calls}) | ${fixed(p.min_tokens, 2)} | ` +
      `${fixed(p.requests_per_call, 3)}/${fixed(p.client_requests_per_call, 3)}\n`);
  }
  if (stopped) {
    fail(`stopped early: ${stopped}; the points measured so far are kept in ${outDir}`);
  }
  const csv = path.join(outDir, 'comparison.csv');
  const r = spawnSync(o.hedgesim, ['confirm', measuredScenarioFile, '--measured',
                                   path.join(outDir, 'measured.json'), '--csv', csv],
                      { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error || r.status !== 0)
    fail(`hedgesim confirm --measured failed${r.error ? ': ' + r.error.message : ''}`);
  if (o['max-p99-diff'] > 0 || o['max-rpc-diff'] > 0)
    checkTolerances(csv, o['max-p99-diff'], o['max-rpc-diff']);
}

// Every point's p99 within the relative difference, requests per call within the absolute one.
function checkTolerances(csvFile, p99, rpc) {
  const [header, ...rows] = fs.readFileSync(csvFile, 'utf8').trim().split('\n');
  const names = header.split(',');
  const col = n => names.indexOf(n);
  let bad = 0;
  for (const row of rows) {
    const f = row.match(/("([^"]|"")*"|[^,]*)(,|$)/g).map(s => s.replace(/,$/, ''));
    const where = `${f[0]} at load ${f[2]}`;
    const p99Diff = Number(f[col('p99_ms_diff')]);
    const rpcDiff = Number(f[col('requests_per_call_real')]) - Number(f[col('requests_per_call_sim')]);
    if (p99 > 0 && !(Math.abs(p99Diff) <= p99)) {
      say(`${where}: p99 differs by ${(p99Diff * 100).toFixed(1)} % (allowed ±${p99 * 100} %)`);
      bad += 1;
    }
    if (rpc > 0 && !(Math.abs(rpcDiff) <= rpc)) {
      say(`${where}: requests per call differ by ${rpcDiff.toFixed(3)} (allowed ±${rpc})`);
      bad += 1;
    }
  }
  if (bad)
    fail(`${bad} figures outside the tolerance`);
  say('every point within the tolerance');
}

main().catch(e => fail(e.message));
