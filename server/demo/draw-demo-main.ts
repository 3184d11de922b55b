/**
 * The demo catalogue's drawing, in a process of its own: the server forks it on a first start
 * and puts each wallpaper on sale as this process sends it (demo-in-background.ts). It needs no
 * database (which the server holds): it draws, writes the files to storage and sends the row.
 * Arguments: the plan's start time, then the positions in the plan still to draw.
 */
import { loadConfig } from '../shared/config.ts';
import { createFileStorage, createMedia } from '../app/runtime.ts';
import { drawDemoItem, planDemoCatalogue } from './seed-demo-catalogue.ts';

const [startedAt, ...positions] = process.argv.slice(2);
const config = loadConfig();
const storage = await createFileStorage(config);
const media = createMedia(config);
const plans = planDemoCatalogue(new Date(startedAt!), config.demoItems);
const queue = positions.map(Number);

// Two at a time, newest first: the home page's first cards come first.
const draw = async () => {
  for (let position = queue.shift(); position !== undefined; position = queue.shift()) {
    const row = await drawDemoItem(plans[position]!, storage, media);
    await new Promise<void>((resolve, reject) => process.send!(row, (error) => (error ? reject(error) : resolve())));
  }
};
await Promise.all([draw(), draw()]);
process.disconnect();
