/** Before an app that asks for device permissions starts: the user ticks those it may have (none by default). */
import { useState } from 'react';
import type { AppPermission } from '../../shared/apps';

const labels: Record<AppPermission, string> = {
  camera: 'Camera',
  microphone: 'Microphone',
  geolocation: 'Location',
  clipboardWrite: 'Write to the clipboard',
};

export function AppPermissionsPrompt({
  asked,
  onDecide,
}: {
  asked: AppPermission[];
  onDecide: (granted: AppPermission[]) => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<AppPermission>>(new Set());
  const toggle = (name: AppPermission) => {
    const next = new Set(chosen);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    setChosen(next);
  };
  return (
    <div className="dialog app-permissions" role="group" aria-label="Permissions the app asks for">
      <p>This app asks for these permissions. Tick the ones it may have:</p>
      {asked.map((name) => (
        <label key={name} className="form-row">
          <input type="checkbox" checked={chosen.has(name)} onChange={() => toggle(name)} /> {labels[name]}
        </label>
      ))}
      <div className="dialog-buttons">
        <button type="button" onClick={() => onDecide(asked.filter((name) => chosen.has(name)))}>
          Start app
        </button>
      </div>
    </div>
  );
}
