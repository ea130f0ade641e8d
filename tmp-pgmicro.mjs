import pg from 'pg'
for (const host of ['127.0.0.1', '/var/run/postgresql']) {
  const pool = new pg.Pool({ host, user: 'postgres', database: 'postgres', max: 20 })
  await Promise.all(Array.from({ length: 20 }, () => pool.query('select 1')))
  const n = 20000; let done = 0
  const t0 = process.cpuUsage(); const w0 = Date.now()
  await Promise.all(Array.from({ length: 20 }, async () => { while (done < n) { done++; await pool.query('select $1::int', [1]) } }))
  const cpu = process.cpuUsage(t0); const wall = Date.now() - w0
  console.log(host, 'qps', Math.round(n / wall * 1000), 'node cpu us/query', ((cpu.user + cpu.system) / n).toFixed(1), 'sys', (cpu.system / n).toFixed(1))
  await pool.end()
}
