/**
 * Whether a pin change holds calls until the person answers: a definition that changed or went away (diff's
 * breaking or drift classes), or a handshake field (instructions, serverInfo…) that changed beyond compatible. A
 * change that only adds (a new tool after list_changed, as the demo's toggle_experimental_tools does) shows in the
 * banner but holds nothing: a hold on every addition would be a false alarm a person learns to click through.
 */
import type { PinCheck } from '../../shared/security';

type ChangedPin = Extract<PinCheck, { state: 'changed' }>;

export function holdsCalls(pin: PinCheck | undefined | null): pin is ChangedPin {
  if (pin?.state !== 'changed') return false;
  const { diff } = pin;
  const items = [...Object.values(diff.items).flat(), ...(diff.skills ?? [])];
  return (
    items.some((change) => change.breaking || change.drift) ||
    diff.handshake.some((change) => change.class !== 'compatible')
  );
}
