/**
 * The share page's whole stylesheet, inlined into the page: one request fewer on a weak phone
 * connection, and no file to cache-bust. Logical properties (inline-start/end) so one sheet serves
 * right-to-left and left-to-right. The print rules make an A4 brochure: cover, facts, six photos,
 * the broker's card; no links or language switch.
 */
export const SHARE_PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,"Noto Sans Hebrew",sans-serif;font-size:16px;line-height:1.5;color:#1a1b1e;background:#f4f5f7}
a{color:#1c5fb8}
h1,h2{line-height:1.25;margin:0}
h1{font-size:1.6rem}
h2{font-size:1.1rem;margin-block-end:.75rem}
.muted{color:#5c5f66}
.bar{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 1rem;background:#fff;border-block-end:1px solid #e3e5e8}
.brand{font-weight:600}
.lang{padding:.5rem .25rem;min-height:44px;display:inline-flex;align-items:center}
main{max-width:960px;margin:0 auto;padding:0 0 2rem}
article>section,.title,.broker{background:#fff;padding:1rem;margin-block-start:.75rem}
.hero{margin:0;background:#dfe2e6}
.hero img,.gallery img{display:block;width:100%;height:auto;aspect-ratio:3/2;object-fit:cover}
.place{margin:.25rem 0 0;color:#5c5f66;font-size:1.05rem}
.description{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.facts{display:grid;grid-template-columns:1fr 1fr;gap:.75rem 1rem;margin:0}
.facts div{min-width:0}
.facts dt{font-size:.85rem;color:#5c5f66}
.facts dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.gallery{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:1fr 1fr;gap:.5rem}
.gallery a{display:block}
.gallery figure{margin:0}
figcaption{font-size:.875rem;color:#4b5563;padding:.25rem .125rem 0;overflow-wrap:anywhere}
.hero figcaption{background:#fff;padding:.375rem 1rem}
.documents ul{margin:0;padding-inline-start:1.25rem}
.documents li{padding-block:.35rem}
.broker-name{font-size:1.2rem;font-weight:700;margin:0}
.broker p{margin:.15rem 0}
.actions{display:flex;gap:.75rem;margin-block-start:.75rem;flex-wrap:wrap}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.5rem 1.25rem;border-radius:8px;background:#1c5fb8;color:#fff;text-decoration:none;font-weight:600}
.button.whatsapp{background:#0f7a3d}
.foot{text-align:center;padding:1rem;font-size:.85rem}
.unavailable{max-width:560px;margin:15vh auto;padding:2rem 1.5rem;background:#fff;border-radius:12px;text-align:center}
.unavailable h1{margin-block-end:.75rem}
@media (min-width:720px){
main{padding:1.5rem 1rem 3rem}
article>section,.title,.broker{border-radius:12px;padding:1.25rem 1.5rem}
.hero{border-radius:12px;overflow:hidden}
.hero img{max-height:min(56vh,520px)}
h1{font-size:2rem}
.facts{grid-template-columns:repeat(3,1fr)}
.gallery{grid-template-columns:repeat(3,1fr)}
}
@media print{
@page{size:A4;margin:12mm}
body{background:#fff;font-size:10.5pt;color:#000}
.bar,.lang,.actions,.foot{display:none}
main{max-width:none;padding:0}
article>section,.title,.broker{padding:0;margin-block-start:4mm;border-radius:0;break-inside:avoid}
.hero{break-inside:avoid}
.hero img{max-height:95mm}
h1{font-size:18pt}
h2{font-size:12pt;margin-block-end:2mm}
.facts{grid-template-columns:repeat(3,1fr);gap:2mm 4mm}
.gallery{grid-template-columns:repeat(3,1fr);gap:2mm}
.gallery li:nth-child(n+7){display:none}
.gallery img{max-height:40mm}
.broker{border-block-start:1px solid #999;padding-block-start:3mm}
a{color:inherit;text-decoration:none}
}
`
  .trim()
  .replace(/\n/g, '');
