export { type BackupSummary, backupInstance, megabytes } from './backup.js';
export type { Manifest } from './manifest.js';
export { RestoreRefused, restoreInstance } from './restore.js';
