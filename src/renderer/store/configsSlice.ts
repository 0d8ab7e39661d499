import type { ConfigFile } from '../../shared/config';
import type { SliceCreator } from './types';

/** The Import dialog: client config files found (known locations, and files the user opened). */
export interface ConfigsSlice {
  configImportOpen: boolean;
  configFiles: ConfigFile[];
  configLoading: boolean;
  /** Names of the servers saved from this dialog, to say so on their row. */
  configSaved: string[];
}

export const createConfigsSlice: SliceCreator<ConfigsSlice> = () => ({
  configImportOpen: false,
  configFiles: [],
  configLoading: false,
  configSaved: [],
});
