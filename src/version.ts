import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The package version, read once; found from src/ (tsx) and from dist/src/ (compiled) alike. */
function readVersion(): string {
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      const pkg = require(candidate) as { name?: string; version?: string };
      if (pkg.name === 'cqks' && pkg.version) return pkg.version;
    } catch {
      // not at this depth
    }
  }
  return '0.0.0';
}

export const version = readVersion();
