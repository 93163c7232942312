import '../styles/global.css';
import './runner.css';
import '../features/surveys/survey-frame-texts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { themeVariables } from '../areas/patient/chrome/theme';
import { changeLanguage } from '../lib/i18n';
import { Runner } from './runner';
import { readFragment } from './runner-fragment';

// The survey runner (docs/surveys.md): its own small page, loaded by the survey frame in a sandbox without
// same-origin. It knows only what the fragment tells it, and its token.
const start = readFragment(location.hash);
const root = document.documentElement;
const colours = themeVariables({
  logoUrl: null,
  logoUrls: { fi: null, se: null, en: null },
  backgroundUrl: null,
  colors: { primary: start.primary, background: start.background },
});
for (const [name, value] of Object.entries(colours)) root.style.setProperty(name, value);
await changeLanguage(start.lang, { remember: false });

createRoot(document.getElementById('runner')!).render(
  <StrictMode>
    <Runner token={start.token} />
  </StrictMode>,
);
