/* placeholder_server.h: start Tests/Support/placeholder_server.py from a C program (tests,
 * benchmarks), talk to its control endpoint, stop it. Header-only, POSIX.
 *
 *   placeholder_server server;
 *   if (placeholder_server_start(&server, PLACEHOLDER_SERVER_SCRIPT, NULL) != 0) { skip: no python3 }
 *   ... server.base_url is "http://127.0.0.1:<port>" ...
 *   placeholder_request(server.port, "POST", "/_control", "{\"status\": 500, \"count\": 1}", NULL, 0);
 *   placeholder_server_stop(&server);
 *
 * The server exits by itself after 60 idle seconds (--idle-timeout), so a crashed program
 * leaves nothing running for long. */
#ifndef MVVM_PLACEHOLDER_SERVER_H
#define MVVM_PLACEHOLDER_SERVER_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct placeholder_server {
    pid_t pid;
    int port;
    char base_url[64];
} placeholder_server;

/** Starts python3 SCRIPT on an ephemeral port with the extra arguments `extra` (a
 *  NULL-terminated array, or NULL), and waits for its "PORT n" line. Returns 0 on success,
 *  -1 when python3 or the script cannot run (the caller may skip, saying so). */
static inline int placeholder_server_start(placeholder_server *server, const char *script, const char *const *extra) {
    memset(server, 0, sizeof *server);
    int out[2];
    if (pipe(out) != 0) return -1;
    const char *argv[32] = {"python3", script, "--idle-timeout", "60", "--max-lifetime", "900"};
    int argc = 6;
    for (int i = 0; extra != NULL && extra[i] != NULL && argc < 31; i++) argv[argc++] = extra[i];
    argv[argc] = NULL;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        dup2(out[1], STDOUT_FILENO);
        close(out[0]);
        close(out[1]);
        execvp("python3", (char *const *)argv);
        _exit(127);
    }
    close(out[1]);
    char line[128] = {0};
    size_t used = 0;
    while (used < sizeof line - 1 && strchr(line, '\n') == NULL) {
        ssize_t got = read(out[0], line + used, sizeof line - 1 - used);
        if (got <= 0) break;
        used += (size_t)got;
    }
    close(out[0]);
    int port = 0;
    if (sscanf(line, "PORT %d", &port) != 1 || port <= 0) {
        kill(pid, SIGTERM);
        waitpid(pid, NULL, 0);
        return -1;
    }
    server->pid = pid;
    server->port = port;
    snprintf(server->base_url, sizeof server->base_url, "http://127.0.0.1:%d", port);
    return 0;
}

/** Stops the server and reaps it. */
static inline void placeholder_server_stop(placeholder_server *server) {
    if (server->pid > 0) {
        kill(server->pid, SIGTERM);
        waitpid(server->pid, NULL, 0);
        server->pid = 0;
    }
}

/** One blocking HTTP/1.1 request to 127.0.0.1:port (Connection: close); copies up to
 *  capacity-1 bytes of the whole response (status line included) into `response` when not
 *  NULL. Returns the HTTP status, or -1. For control requests and test set-up only. */
static inline int placeholder_request(int port, const char *method, const char *path, const char *body,
                                      char *response, size_t capacity) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        close(fd);
        return -1;
    }
    char request[2048];
    size_t length = body ? strlen(body) : 0;
    int head = snprintf(request, sizeof request,
                        "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                        "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
                        method, path, length, body ? body : "");
    if (head < 0 || (size_t)head >= sizeof request || write(fd, request, (size_t)head) != head) {
        close(fd);
        return -1;
    }
    char buffer[65536];
    size_t used = 0;
    for (;;) {
        ssize_t got = read(fd, buffer + used, sizeof buffer - 1 - used);
        if (got <= 0) break;
        used += (size_t)got;
        if (used == sizeof buffer - 1) break;
    }
    close(fd);
    buffer[used] = '\0';
    if (response != NULL && capacity > 0) {
        snprintf(response, capacity, "%s", buffer);
    }
    int status = -1;
    if (sscanf(buffer, "HTTP/1.%*d %d", &status) != 1) return -1;
    return status;
}

#endif /* MVVM_PLACEHOLDER_SERVER_H */
