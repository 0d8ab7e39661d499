/**
 * The renderer tests' one setting: how long findBy… and waitFor keep looking for what a person would see.
 * They return as soon as it is there; the bound only ends a wait that will never succeed. Testing Library's
 * default (1 s) is shorter than a lazily loaded view takes to arrive on a loaded 2-core CI machine (its chunk is
 * transformed on first import), and tests failed there that waited on exactly the right thing.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 10_000 });
