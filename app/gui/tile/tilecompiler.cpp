#include "tile/tilecompiler.h"

#include <QMetaObject>

#include <algorithm>
#include <new>

TileCompiler::TileCompiler(QObject *parent) : QObject(parent)
{
    // NVRTC is CPU-heavy: leave a core for the GUI on small machines.
    setMaxParallel(std::max(1, QThread::idealThreadCount() / 2));
    m_compile = [](const kernels::gemm::CompileJob &job) {
        kernels::Compiler compiler;
        return kernels::gemm::runCompileJob(job, compiler);
    };
}

TileCompiler::~TileCompiler()
{
    m_queue.clear();
    m_pool.waitForDone(); // no task may outlive `this`: they post their result to it
}

void TileCompiler::setCompileFunction(CompileFunction f)
{
    m_compile = std::move(f);
}

void TileCompiler::setMaxParallel(int n)
{
    m_maxParallel = std::max(1, n);
    m_pool.setMaxThreadCount(m_maxParallel);
    dispatch();
}

void TileCompiler::request(const kernels::gemm::CompileJob &job, bool urgent)
{
    if (!job.ok || m_done.contains(job.key) || m_running.contains(job.key))
        return;
    const auto queued =
        std::find_if(m_queue.begin(), m_queue.end(), [&](const auto &j) { return j.key == job.key; });
    if (queued != m_queue.end()) {
        if (!urgent)
            return;
        m_queue.erase(queued); // promoted below
    }
    if (urgent)
        m_queue.prepend(job);
    else
        m_queue.append(job);
    dispatch();
}

bool TileCompiler::cancel(const QString &key)
{
    const auto it = std::find_if(m_queue.begin(), m_queue.end(), [&](const auto &j) { return j.key == key; });
    if (it == m_queue.end())
        return false;
    m_queue.erase(it);
    return true;
}

bool TileCompiler::isQueued(const QString &key) const
{
    return std::any_of(m_queue.cbegin(), m_queue.cend(), [&](const auto &j) { return j.key == key; });
}

QStringList TileCompiler::queuedKeys() const
{
    QStringList keys;
    for (const auto &j : m_queue)
        keys << j.key;
    return keys;
}

const kernels::gemm::TileCompile *TileCompiler::result(const QString &key) const
{
    const auto it = m_done.constFind(key);
    return it == m_done.constEnd() ? nullptr : &it.value();
}

void TileCompiler::dispatch()
{
    while (!m_queue.isEmpty() && m_running.size() < m_maxParallel) {
        const kernels::gemm::CompileJob job = m_queue.takeFirst();
        m_running.insert(job.key);
        emit started(job.key);
        m_pool.start([this, job, compile = m_compile] {
            kernels::gemm::TileCompile r;
            try {
                r = compile(job);
            } catch (const std::bad_alloc &) { // an exception must not leave a pool's thread
                r.error = tr("out of memory while compiling");
            }
            QMetaObject::invokeMethod(
                this, [this, key = job.key, r] { deliver(key, r); }, Qt::QueuedConnection);
        });
    }
}

void TileCompiler::deliver(const QString &key, const kernels::gemm::TileCompile &result)
{
    m_running.remove(key);
    m_done.insert(key, result);
    dispatch();
    emit compiled(key);
}
