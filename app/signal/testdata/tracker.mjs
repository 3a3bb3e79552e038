// A real WebTorrent tracker for the signal package's tests: npm's
// bittorrent-tracker with only its WebSocket side, on 127.0.0.1 at a free
// port, or at the port given as the second argument. It prints
// "listening <port>" once ready, appends every frame it receives to the
// file named by its first argument (so a test can check what a tracker
// sees), and exits when its standard input closes.
//
// LH_HOST in the environment names another address to listen on.
// Run from a directory whose node_modules holds bittorrent-tracker@11.2.3.
import fs from 'node:fs'
import Server from 'bittorrent-tracker/server'

const log = process.argv[2]
const server = new Server({ udp: false, http: false, ws: true, stats: false })
server.on('error', err => { console.error('tracker error:', err.message); process.exit(1) })
server.on('warning', err => { console.error('tracker warning:', err.message) })
server.ws.on('connection', socket => {
  socket.on('message', data => { if (log) fs.appendFileSync(log, data.toString() + '\n') })
})
server.listen(Number(process.argv[3] || 0), process.env.LH_HOST || '127.0.0.1', () => {
  console.log('listening ' + server.ws.address().port)
})
process.stdin.resume()
process.stdin.on('end', () => process.exit(0))
