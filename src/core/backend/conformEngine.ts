/** What conformMethods.ts runs, in one module it loads on first use (see there). */
export { bridgeNote } from '../conform/stdioBridge.js';
export { modernBridgeNote } from '../conform/modernStdioBridge.js';
export { conformEndpoint } from '../conform/conformTarget.js';
export { scenarioChoices } from '../conform/requirements.js';
export { runConformance } from '../conform/runSuite.js';
export { findSuite, installSuite } from '../conform/suiteRuntime.js';
