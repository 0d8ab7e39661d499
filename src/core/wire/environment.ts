/**
 * The stdio child's environment: a safe default (the variables a process needs to run, nothing that
 * might be a secret of the parent) plus what the user adds. Mirrors the SDK's getDefaultEnvironment.
 */
const posixNames = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];
const windowsNames = [
  'APPDATA',
  'HOMEDRIVE',
  'HOMEPATH',
  'LOCALAPPDATA',
  'PATH',
  'PROCESSOR_ARCHITECTURE',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'USERNAME',
  'USERPROFILE',
  'PROGRAMFILES',
];

export function defaultEnvironment(
  source: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const names = platform === 'win32' ? windowsNames : posixNames;
  const environment: Record<string, string> = {};
  for (const name of names) {
    const value = source[name];
    // Skip exported shell functions: they are a known injection vector.
    if (value === undefined || value.startsWith('()')) continue;
    environment[name] = value;
  }
  return environment;
}

/** The safe default plus the user's additions (which win). */
export function childEnvironment(extra: Record<string, string> | undefined): Record<string, string> {
  return { ...defaultEnvironment(), ...(extra ?? {}) };
}
