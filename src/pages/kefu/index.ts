// The support (kefu) area's face: what other areas use of it. Other areas import only this file.
// The tab bar's unread badge, as a lazy component: the face itself stays in the shell, the badge and
// its CSS in their own chunk.
export { KefuBadge } from './lazy-kefu-badge';
