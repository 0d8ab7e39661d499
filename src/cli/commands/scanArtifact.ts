/**
 * Where a directly given target lives, for SARIF's physical location: an HTTP server's URL (credentials and query
 * left out), or a stdio server's script or program file (the first argument that is an existing file, else the
 * command when it is a path to one), relative to the scan's working folder when inside it. Undefined when there is
 * none (the demo; a command found on PATH with no file argument).
 */
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Target } from '../../shared/target.js';

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A file as a SARIF artifact URI: relative (forward slashes) inside the folder, else a file: URI. */
export function artifactUri(path: string, folder: string): string {
  const within = relative(folder, path);
  if (within !== '' && !within.startsWith('..') && !isAbsolute(within)) return within.split('\\').join('/');
  return pathToFileURL(path).href;
}

export function targetArtifact(target: Target, folder: string = process.cwd()): string | undefined {
  if (target.transport === 'demo') return undefined;
  if (target.transport !== 'stdio') {
    try {
      const url = new URL(target.url);
      url.username = '';
      url.password = '';
      url.search = '';
      url.hash = '';
      return url.href;
    } catch {
      return undefined;
    }
  }
  const base = target.cwd === undefined ? folder : resolve(folder, target.cwd);
  const argument = target.args.find((value) => !value.startsWith('-') && isFile(resolve(base, value)));
  if (argument !== undefined) return artifactUri(resolve(base, argument), folder);
  if (/[\\/]/.test(target.command) && isFile(resolve(base, target.command)))
    return artifactUri(resolve(base, target.command), folder);
  return undefined;
}
