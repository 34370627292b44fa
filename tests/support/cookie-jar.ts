/** A browser's cookies, as Set-Cookie headers leave them (paths aside: every cookie goes everywhere). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(initial = "") {
    for (const pair of initial.split(/;\s*/).filter(Boolean)) {
      this.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
  }

  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      const expired =
        attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute)) ||
        attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute)) ||
        value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  has(name: string) {
    return this.cookies.has(name);
  }

  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Only this cookie, as another tab of the same visitor would send it on a first page. */
  only(name: string) {
    const value = this.cookies.get(name);
    return value === undefined ? "" : `${name}=${value}`;
  }
}
