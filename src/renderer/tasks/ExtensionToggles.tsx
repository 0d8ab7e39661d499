/** Which extensions Loupe declares (a saved setting, applied at the next connection). */
import { skillsExtensionId } from '../../shared/skills';
import { tasksExtensionId, uiExtensionId, type ExtensionChoice } from '../../shared/tasks';
import { useLoupeStore } from '../store/store';
import { extensionChoice, setExtension } from './taskActions';

const rows: { key: keyof ExtensionChoice; id: string; what: string }[] = [
  { key: 'tasks', id: tasksExtensionId, what: 'tasks (and the 2025-11-25 tasks capability)' },
  { key: 'ui', id: uiExtensionId, what: 'MCP Apps (text/html;profile=mcp-app)' },
  { key: 'skills', id: skillsExtensionId, what: 'Skills (SEP-2640: skills/list, skills/get)' },
];

export function ExtensionToggles() {
  const settings = useLoupeStore((state) => state.settings);
  if (!settings) return null;
  const choice = extensionChoice();
  return (
    <fieldset className="extension-toggles">
      <legend>Extensions Loupe declares (from the next connection)</legend>
      {rows.map((row) => (
        <label key={row.key} className="small">
          <input
            type="checkbox"
            checked={choice[row.key]}
            onChange={(event) => void setExtension(row.key, event.target.checked)}
          />{' '}
          <span className="mono">{row.id}</span> — {row.what}
        </label>
      ))}
    </fieldset>
  );
}
