import { isObject } from './lib/openapi.js';

const JSON_MEDIA_TYPE = /^application\/([\w.+-]+\+)?json(\s*;.*)?$/i;

// Examples are schema-validated elsewhere; a 200 without one leaves that
// check, and readers, with nothing to look at.
export default function successResponseExample(response, _options, context) {
  if (!isObject(response) || !isObject(response.content)) return [];
  const results = [];
  for (const [mediaType, media] of Object.entries(response.content)) {
    if (!JSON_MEDIA_TYPE.test(mediaType)) continue;
    const hasExample =
      isObject(media) &&
      (media.example !== undefined || (isObject(media.examples) && Object.keys(media.examples).length > 0));
    if (!hasExample) {
      results.push({
        message: `200 ${mediaType} response has no example or examples`,
        path: [...context.path, 'content', mediaType],
      });
    }
  }
  return results;
}
