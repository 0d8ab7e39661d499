/** How the Compare view and the offline snapshot state name a side: its server, and when it was recorded (UTC). */
import type { CompareSideInfo } from '../../shared/compare';
import { describeTarget } from '../../shared/target';
import type { CompareSideLabel } from '../store/compareSlice';

/** "2026-11-30 22:10:05 UTC" (a text that is not a date is shown as it is). */
export function utcTime(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function serverLabel(name: string | undefined, version: string | undefined): string {
  if (name === undefined) return '(server without a name)';
  return version === undefined ? name : `${name} ${version}`;
}

export function sideLabel(info: CompareSideInfo, fileName: string | undefined): CompareSideLabel {
  const server = serverLabel(info.serverName, info.serverVersion);
  const protocol = info.protocolVersion ? ` · MCP ${info.protocolVersion}` : '';
  const name = info.serverName === undefined ? {} : { server: info.serverName };
  const label: CompareSideLabel = info.live
    ? {
        title: 'Live session',
        detail: `${server}${protocol} · listed ${utcTime(info.testedAt)} · ${describeTarget(info.target)}`,
        live: true,
      }
    : {
        title: fileName ?? 'Snapshot',
        detail: `${server}${protocol} · taken ${utcTime(info.testedAt)} · ${describeTarget(info.target)}`,
        live: false,
      };
  return { ...label, ...name };
}
