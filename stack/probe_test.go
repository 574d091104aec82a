package stack

import (
	"encoding/binary"
	"io"
	"net"
	"testing"
)

// serveOnce accepts one connection on a loopback listener and runs handle.
func serveOnce(t *testing.T, handle func(net.Conn)) string {
	t.Helper()
	ln, err := net.Listen("tcp", Host+":0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		handle(conn)
	}()
	return ln.Addr().String()
}

func TestBoltHandshake(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reply []byte
		ok    bool
	}{
		{"5.8", []byte{0, 0, 8, 5}, true},
		{"none", []byte{0, 0, 0, 0}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr := serveOnce(t, func(c net.Conn) {
				var req [20]byte
				if _, err := io.ReadFull(c, req[:]); err != nil || binary.BigEndian.Uint32(req[:4]) != 0x6060B017 {
					return
				}
				c.Write(tc.reply)
			})
			if err := boltHandshake(t.Context(), addr); (err == nil) != tc.ok {
				t.Fatalf("boltHandshake = %v, want ok=%t", err, tc.ok)
			}
		})
	}
}

func TestKafkaMetadata(t *testing.T) {
	for _, tc := range []struct {
		name    string
		brokers int32
		ok      bool
	}{
		{"registered", 1, true},
		{"starting", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr := serveOnce(t, func(c net.Conn) {
				var size int32
				binary.Read(c, binary.BigEndian, &size)
				req := make([]byte, size)
				io.ReadFull(c, req)
				if binary.BigEndian.Uint16(req[0:2]) != 3 || binary.BigEndian.Uint16(req[2:4]) != 4 {
					return // not Metadata v4
				}
				corr := binary.BigEndian.Uint32(req[4:8])
				resp := binary.BigEndian.AppendUint32(nil, corr)
				resp = binary.BigEndian.AppendUint32(resp, 0) // throttle
				resp = binary.BigEndian.AppendUint32(resp, uint32(tc.brokers))
				for range tc.brokers {
					resp = binary.BigEndian.AppendUint32(resp, 1)
					resp = binary.BigEndian.AppendUint16(resp, 9)
					resp = append(resp, "127.0.0.1"...)
					resp = binary.BigEndian.AppendUint32(resp, 9092)
					resp = binary.BigEndian.AppendUint16(resp, 0xFFFF) // rack null
				}
				resp = binary.BigEndian.AppendUint16(resp, 0xFFFF) // cluster id null
				resp = binary.BigEndian.AppendUint32(resp, 1)      // controller
				resp = binary.BigEndian.AppendUint32(resp, 0)      // topics
				c.Write(binary.BigEndian.AppendUint32(nil, uint32(len(resp))))
				c.Write(resp)
			})
			if err := kafkaMetadata(t.Context(), addr); (err == nil) != tc.ok {
				t.Fatalf("kafkaMetadata = %v, want ok=%t", err, tc.ok)
			}
		})
	}
}
