// The face of the pages' shared folder: pages that belong to no area (the router's fallbacks).
export { NotAvailablePage, NotFoundPage } from './not-available-page';
