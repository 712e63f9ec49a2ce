'use strict';
// Installs the lockfile's packages from the tarballs in vendor/ into node_modules, offline and
// without npm (docs/realclock.md, "grpc-js, for real"): Debian's `npm` package brings some
// 350 node-* packages, and CI installs only `nodejs`. package-lock.json stays the pin: each
// package goes to the path the lockfile gives it, from the tarball whose SHA-512 is the
// lockfile's `integrity`, and must say the lockfile's name and version. No install scripts run
// (none of these packages has one; npm ci ran with --ignore-scripts before). The tree is
// unpacked beside node_modules and renamed into place, so that a failed install leaves none.

const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

// The file `npm pack` writes for a package: "@grpc/grpc-js" 1.14.7 -> grpc-grpc-js-1.14.7.tgz.
function tarballName(name, version) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

function packageNameOf(lockPath) {
  return lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

// Throws an Error naming the package and what is wrong.
function unpackLockfile(here, target) {
  const lock = JSON.parse(fs.readFileSync(path.join(here, 'package-lock.json'), 'utf8'));
  for (const [lockPath, entry] of Object.entries(lock.packages)) {
    if (!lockPath)
      continue; // the project itself
    const name = packageNameOf(lockPath);
    const file = path.join(here, 'vendor', tarballName(name, entry.version));
    const where = `${name} ${entry.version} (package-lock.json "${lockPath}")`;
    let bytes;
    try {
      bytes = fs.readFileSync(file);
    } catch (e) {
      throw new Error(`${where}: no tarball ${path.relative(here, file)}`);
    }
    const [algorithm, expected] = String(entry.integrity).split(/-(.*)/s);
    if (algorithm !== 'sha512')
      throw new Error(`${where}: integrity "${entry.integrity}" is not a sha512 one`);
    const actual = crypto.createHash('sha512').update(bytes).digest('base64');
    if (actual !== expected)
      throw new Error(`${where}: ${path.relative(here, file)} has sha512-${actual}, the lockfile sha512-${expected}`);
    const dir = path.join(target, path.relative('node_modules', lockPath));
    fs.mkdirSync(dir, { recursive: true });
    // npm's tarballs hold one top directory ("package/" in most).
    const r = spawnSync('tar', ['-xzf', file, '-C', dir, '--strip-components=1', '--no-same-owner'],
                        { stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.error || r.status !== 0)
      throw new Error(`${where}: tar could not unpack ${path.relative(here, file)}: ` +
                      (r.error ? r.error.message : String(r.stderr).trim()));
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    if (manifest.name !== name || manifest.version !== entry.version)
      throw new Error(`${where}: the tarball holds ${manifest.name} ${manifest.version}`);
  }
}

// Replaces here/node_modules with the lockfile's tree.
function installVendored(here) {
  const staging = fs.mkdtempSync(path.join(here, '.node_modules-'));
  try {
    unpackLockfile(here, staging);
    fs.rmSync(path.join(here, 'node_modules'), { recursive: true, force: true });
    fs.renameSync(staging, path.join(here, 'node_modules'));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

module.exports = { installVendored, tarballName };
