// The lever (contracts) area's face: what other areas use of it. Other areas import only this file.
// Re-exports only: vite.config.ts lists it in PURE_FACES, so an importer (the orders tab, assets)
// loads the module it uses and never its neighbour, the neighbour's chunk group or its CSS.
export { EntrustLeverSection } from './entrust-lever-section';
export { LeverAccountCard } from './lever-account-card';
