// Placeholder until the desktop shell lands.
export {};
