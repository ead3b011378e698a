/** Lets code outside React (the request layer) move the router. */

type Navigate = (path: string) => void;

let navigate: Navigate = (path) => {
  window.location.hash = `#${path}`;
};

/** Called once by the router set-up. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

/** Current route path from the hash, e.g. '/operation/2'. */
function currentPath(): string {
  return window.location.hash.replace(/^#/, '').split('?')[0] || '/';
}

/** Go to the login page unless already there. */
export function goLogin(): void {
  if (currentPath() !== '/login') navigate('/login');
}
