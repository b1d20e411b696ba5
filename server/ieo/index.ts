/**
 * The IEO area's face for other areas and the composition root: its migration and module. Other
 * areas reach nothing else of it.
 */
export { ieoMigration } from './schema';
export { createIeoModule, type IeoModule } from './module';
export { ieoHouseLines } from './console-face';
