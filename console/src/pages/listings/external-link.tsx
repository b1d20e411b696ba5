/** An applicant's link, opened outside the console without its referrer; other text shown as text. */
export function ExternalLink({ href }: { href: string }) {
  if (!/^https:\/\//i.test(href)) return <span className="wrap">{href || '—'}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" className="wrap">
      {href}
    </a>
  );
}
