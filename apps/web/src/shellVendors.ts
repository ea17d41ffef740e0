/**
 * The heaviest vendor modules the shell needs (React DOM, the MUI theme engine and emotion, the
 * router). The bootstrap imports this first and yields before importing the shell, so evaluating
 * the modules is two tasks instead of one long one that blocks input (Total Blocking Time).
 */
export { createRoot } from 'react-dom/client';
export { ThemeProvider } from '@mui/material/styles';
export { createBrowserRouter } from 'react-router';
