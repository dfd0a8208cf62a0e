// @ts-check
/** The server's HTTP API (docs/protocol.md): every answer parsed, every error a readable message. */

import { _ } from "./i18n.js";

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * A request to the API; the answer's JSON, or an ApiError with the server's message.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function api(method, path, body) {
  /** @type {RequestInit} */
  const init = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  let answer;
  try {
    answer = await fetch(path, init);
  } catch {
    throw new ApiError(0, "offline", _("The server cannot be reached. Is it running?"));
  }
  let data = null;
  try {
    data = await answer.json();
  } catch {
    data = null;
  }
  if (!answer.ok) {
    const error = data && data.error;
    throw new ApiError(
      answer.status,
      (error && String(error.code)) || "http",
      (error && String(error.message)) || `HTTP ${answer.status}`,
    );
  }
  return data;
}

export const get = (/** @type {string} */ path) => api("GET", path);
export const post = (/** @type {string} */ path, /** @type {unknown} */ body = {}) =>
  api("POST", path, body);
