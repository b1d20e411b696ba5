// The news area's face: what other areas use of it. Other areas import only this file.
// Re-exports only: vite.config.ts lists it in PURE_FACES, so an importer (home, the support tab,
// listing) loads the module it uses and never its neighbours, their chunk group or their CSS. Home's
// notices come as a lazy component: home gets the loader, not the notices and their CSS.
export { ArticleView, type ArticleTexts } from './article-view';
export { HelpCentre } from './help-centre';
export { HomeNotices } from './lazy-home-notices';
export { ArticleDate } from './news-list';
