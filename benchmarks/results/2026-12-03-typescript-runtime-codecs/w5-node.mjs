const oldV = await import('<before tree>/clients/typescript/build/test/generated/vectors.js');
const newV = await import('<after tree>/clients/typescript/build/test/generated/vectors.js');
const pts = []; for (let i = 0; i < 10000; i++) pts.push({ X: 10.3, Y: 40.5, Z: 13411.3 });
const bytesOld = oldV.encodeListOfVectorPoint3(pts), bytesNew = newV.encodeListOfVectorPoint3(pts);
console.log('same bytes', Buffer.compare(Buffer.from(bytesOld), Buffer.from(bytesNew)) === 0);
function bench(name, f) { const t = performance.now(); let n = 0; while (performance.now() - t < 1000) { f(); n++; } return n; }
for (let round = 0; round < 4; round++) {
  const eo = bench('old enc', () => oldV.encodeListOfVectorPoint3(pts));
  const en = bench('new enc', () => newV.encodeListOfVectorPoint3(pts));
  const d_o = bench('old dec', () => oldV.decodeListOfVectorPoint3(bytesOld));
  const dn = bench('new dec', () => newV.decodeListOfVectorPoint3(bytesNew));
  console.log(`enc old ${eo} new ${en} (${(en/eo).toFixed(2)})  dec old ${d_o} new ${dn} (${(dn/d_o).toFixed(2)})`);
}
