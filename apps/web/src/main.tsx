import { startEarlyLoads } from './app/start-early-loads';

// The app (boot.tsx) is evaluated only when the early loads let it: see start-early-loads.ts.
void startEarlyLoads().then(() => import('./app/boot'));
