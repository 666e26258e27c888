/**
 * The company's logo as survey pages and emails show it (decision 0065): the upload drawn again as a PNG at most
 * 96 px high (twice the 40-48 px it is shown at) and 480 px wide, so a 2 MB upload is not what a phone downloads for a
 * small header image. A logo already within those bounds and light is served as uploaded. Drawn once per logo version
 * by resvg (on libuv's thread pool) and kept in memory.
 */
import { imageSize } from "../../lib/image-size.js";

export const LOGO_RENDITION_HEIGHT = 96;
export const LOGO_RENDITION_WIDTH = 480;
/** A logo within the bounds and under this size is sent as it is. */
const SMALL_ENOUGH_BYTES = 100 * 1024;
const CACHE_LIMIT = 200;

export interface LogoImage {
  bytes: Buffer;
  contentType: string;
}

const renditions = new Map<string, Promise<LogoImage>>();

async function draw(logo: LogoImage): Promise<LogoImage> {
  const size = imageSize(logo.bytes);
  // Never decoded when its size is unreadable or beyond what an upload may be now (an older upload): sent as stored.
  if (!size || size.width === 0 || size.height === 0 || size.width > 4096 || size.height > 4096) return logo;
  const scale = Math.min(LOGO_RENDITION_HEIGHT / size.height, LOGO_RENDITION_WIDTH / size.width, 1);
  if (scale === 1 && logo.bytes.length <= SMALL_ENOUGH_BYTES) return logo;
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  // The upload is PNG or JPEG (checked by its bytes when it was stored); it is only ever an <image> of this SVG.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><image width="${width}" height="${height}" preserveAspectRatio="xMidYMid meet" href="data:${logo.contentType};base64,${logo.bytes.toString("base64")}"/></svg>`;
  const { renderAsync } = await import("@resvg/resvg-js");
  const rendered = await renderAsync(svg, { fitTo: { mode: "original" } });
  return { bytes: Buffer.from(rendered.asPng()), contentType: "image/png" };
}

/** The rendition of one version of a company's logo (`key` names both); the first request draws it, others wait. */
export function logoRendition(key: string, read: () => Promise<LogoImage>): Promise<LogoImage> {
  let found = renditions.get(key);
  if (!found) {
    if (renditions.size >= CACHE_LIMIT) renditions.clear();
    found = read().then(draw);
    // a failure is not kept: the next request tries again
    found.catch(() => renditions.delete(key));
    renditions.set(key, found);
  }
  return found;
}
