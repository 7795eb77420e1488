// The real server process (server/main.ts) plus one slow route, for the graceful-shutdown test.
import { main } from '../../server/main';

await main({
  extraRoutes: (app) => {
    app.get('/api/test/slow', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, Number(c.req.query('ms') ?? 1500)));
      return c.json({ finished: true });
    });
  },
});
