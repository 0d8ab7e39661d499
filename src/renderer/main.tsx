import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getApi } from './bridge';
import { start } from './store/start';
import { applyPlaceFromAddress } from './workbench/usePlaceHash';
import './styles/app.css';
// After the base styles: the workbench's layout and its narrower and wider windows refine them.
import './workbench/workbench.css';

const root = document.getElementById('root');
if (root) {
  // The place in the address (#/traffic, #/tools/echo): a link or a reload opens the app there.
  applyPlaceFromAddress();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void start(getApi());
}
