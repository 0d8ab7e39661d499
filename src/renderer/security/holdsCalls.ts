/**
 * Whether a pin change holds calls until the person answers: any change to what was pinned — a pinned definition
 * changed (whatever diff's class: postmark-mcp's hidden `bcc` was an optional parameter with a default, which diff
 * calls compatible) or removed, a handshake field changed (instructions, serverInfo.version…). A change that only
 * adds items (a new tool after list_changed, as the demo's toggle_experimental_tools does) shows in the banner but
 * holds nothing: nothing pinned changed, the new tool's text gets the lens's findings like any other, and a hold on
 * every addition is a false alarm a person learns to click through.
 */
import type { PinCheck, PinHeader } from '../../shared/security';

type ChangedPin = Extract<PinCheck<PinHeader>, { state: 'changed' }>;

export function holdsCalls(pin: PinCheck<PinHeader> | undefined | null): pin is ChangedPin {
  if (pin?.state !== 'changed') return false;
  const { diff } = pin;
  const items = [...Object.values(diff.items).flat(), ...(diff.skills ?? [])];
  return items.some((change) => change.kind !== 'added') || diff.handshake.length > 0;
}
