'use strict';
// What the grpc-js server, driver and runner share: the method they speak, a seeded random
// stream, command-line options and nearest-rank percentiles (docs/realclock.md, "grpc-js, for
// real").

const METHOD = '/hedge.Service/Call';
const STATS_METHOD = '/hedge.Service/Stats';
const CALL_ID_KEY = 'x-hedge-call';
const PREVIOUS_ATTEMPTS_KEY = 'grpc-previous-rpc-attempts';

// SplitMix64 on BigInt: small, seeded, the same sequence on every machine.
class Random {
  constructor(seed) {
    this.state = BigInt.asUintN(64, BigInt(seed));
  }
  next64() {
    this.state = BigInt.asUintN(64, this.state + 0x9e3779b97f4a7c15n);
    let z = this.state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
  }
  uniform() { // (0, 1)
    return (Number(this.next64() >> 11n) + 0.5) / 9007199254740992;
  }
  normal() { // Box-Muller
    const u = this.uniform();
    const v = this.uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
  exponential(rate) {
    return -Math.log(this.uniform()) / rate;
  }
}

// --name value pairs; `spec` maps each allowed name to 'number' or 'string' and its default.
function parseOptions(argv, spec, program) {
  const options = {};
  for (const [name, [, fallback]] of Object.entries(spec))
    options[name] = fallback;
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in spec) || i + 1 >= argv.length)
      usage(program, spec, `unknown option or missing value: ${argv[i]}`);
    const [kind] = spec[name];
    const text = argv[i + 1];
    if (kind === 'number') {
      const value = Number(text);
      if (!Number.isFinite(value))
        usage(program, spec, `--${name}: "${text}" is not a number`);
      options[name] = value;
    } else {
      options[name] = text;
    }
  }
  for (const [name, [, fallback]] of Object.entries(spec))
    if (fallback === undefined && options[name] === undefined)
      usage(program, spec, `--${name} is required`);
  return options;
}

function usage(program, spec, problem) {
  const names = Object.keys(spec).map(n => `--${n}`).join(' ');
  process.stderr.write(`${program}: ${problem}\nusage: ${program} ${names}\n`);
  process.exit(2);
}

// The nearest rank (the ceil(q·n)-th smallest), as docs/model.md, "Metrics" defines it.
function nearestRank(sorted, perTenThousand) {
  if (sorted.length === 0)
    return null;
  const rank = Math.floor((sorted.length * perTenThousand + 9999) / 10000);
  return sorted[Math.max(rank, 1) - 1];
}

// An event loop delay histogram (monitorEventLoopDelay, resolution 1 ms) in milliseconds of
// delay: the histogram counts the nanoseconds between its timer's runs, so its 1 ms tick is
// taken off.
function histogramMs(h) {
  const ms = ns => Math.max(0, ns / 1e6 - 1);
  return {
    p50_ms: h.count ? ms(h.percentile(50)) : 0,
    p99_ms: h.count ? ms(h.percentile(99)) : 0,
    max_ms: h.count ? ms(h.max) : 0,
    mean_ms: h.count ? ms(h.mean) : 0,
  };
}

module.exports = {
  METHOD, STATS_METHOD, CALL_ID_KEY, PREVIOUS_ATTEMPTS_KEY, Random, parseOptions, usage,
  nearestRank, histogramMs,
};
