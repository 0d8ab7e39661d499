import { openConfigImport } from './configActions';

/** Opens the Import dialog (also in the command palette). */
export function ImportConfigButton() {
  return (
    <button type="button" className="import-config" onClick={() => void openConfigImport()}>
      Import from client configs…
    </button>
  );
}
