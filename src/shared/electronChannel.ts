/** The one Electron IPC channel that carries the contract (main ↔ preload). No other channel exists. */
export const electronChannel = 'loupe:contract';
